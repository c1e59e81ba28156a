#ifndef CFILE_SHIM_H
#define CFILE_SHIM_H

/// Swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE), so that a site folder is
/// replaced with no instant where its path is missing. Returns 0, or -1 with errno set (EINVAL
/// or ENOSYS where the file system or the kernel cannot; the caller then falls back).
int jg_exchange_paths(const char *a, const char *b);

#include <stddef.h>

/// glibc's memmem (a GNU extension, which Swift's Glibc module leaves out): the first
/// `needle` in `haystack`, or NULL.
const void *jg_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// Whether the file's first byte is in memory (the page cache), by a read that would rather fail
/// than wait for the disk (Linux preadv2 with RWF_NOWAIT): 1 if so (or the file is empty), 0 if
/// not, -1 where the kernel cannot tell.
int jg_first_byte_in_memory(int fd);

#endif
