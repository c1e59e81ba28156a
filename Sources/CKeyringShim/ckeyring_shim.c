#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "ckeyring_shim.h"

#if defined(__linux__) && defined(SYS_add_key) && defined(SYS_keyctl)
#define JG_KEYS 1
#endif

// From linux/keyctl.h, spelled out so that the shim builds without the kernel's headers.
#define JG_KEY_SPEC_USER_KEYRING (-4)
#define JG_KEYCTL_REVOKE 3
#define JG_KEYCTL_SETPERM 5
#define JG_KEYCTL_SEARCH 10
#define JG_KEYCTL_READ 11
#define JG_KEYCTL_SET_TIMEOUT 15
// The user who added it, whether or not a later process of theirs possesses it: everything
// (read it, refresh its timeout, revoke it); other users and groups: nothing.
#define JG_KEY_PERMISSIONS 0x3f3f0000

int32_t jg_key_find(const char *description) {
#ifdef JG_KEYS
    return (int32_t)syscall(SYS_keyctl, JG_KEYCTL_SEARCH, JG_KEY_SPEC_USER_KEYRING, "user", description, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

long jg_key_read(int32_t key, void *buffer, size_t capacity) {
#ifdef JG_KEYS
    return syscall(SYS_keyctl, JG_KEYCTL_READ, key, buffer, capacity);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int32_t jg_key_add(const char *description, const void *payload, size_t length, unsigned seconds) {
#ifdef JG_KEYS
    int32_t key = (int32_t)syscall(SYS_add_key, "user", description, payload, length, JG_KEY_SPEC_USER_KEYRING);
    if (key < 0) return -1;
    // A key that cannot be limited in time or to its user is not kept.
    if (syscall(SYS_keyctl, JG_KEYCTL_SETPERM, key, JG_KEY_PERMISSIONS) != 0
        || syscall(SYS_keyctl, JG_KEYCTL_SET_TIMEOUT, key, seconds) != 0) {
        int saved = errno;
        syscall(SYS_keyctl, JG_KEYCTL_REVOKE, key);
        errno = saved;
        return -1;
    }
    return key;
#else
    errno = ENOSYS;
    return -1;
#endif
}

int jg_key_set_timeout(int32_t key, unsigned seconds) {
#ifdef JG_KEYS
    return (int)syscall(SYS_keyctl, JG_KEYCTL_SET_TIMEOUT, key, seconds);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int jg_key_revoke(int32_t key) {
#ifdef JG_KEYS
    return (int)syscall(SYS_keyctl, JG_KEYCTL_REVOKE, key);
#else
    errno = ENOSYS;
    return -1;
#endif
}
