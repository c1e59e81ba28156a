#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include "cfile_shim.h"

int jg_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

const void *jg_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

int jg_first_byte_in_memory(int fd) {
#if defined(__linux__) && defined(RWF_NOWAIT)
    char byte;
    struct iovec item = { &byte, 1 };
    ssize_t read = preadv2(fd, &item, 1, 0, RWF_NOWAIT);
    if (read >= 0) return 1;
    return errno == EAGAIN ? 0 : -1;
#else
    (void)fd;
    return -1;
#endif
}
