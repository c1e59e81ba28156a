#ifndef CFILE_SHIM_H
#define CFILE_SHIM_H

/// Swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE), so that a site folder is
/// replaced with no instant where its path is missing. Returns 0, or -1 with errno set (EINVAL
/// or ENOSYS where the file system or the kernel cannot; the caller then falls back).
int jg_exchange_paths(const char *a, const char *b);

#endif
