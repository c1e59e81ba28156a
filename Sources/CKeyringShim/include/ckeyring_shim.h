#ifndef CKEYRING_SHIM_H
#define CKEYRING_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Linux's kernel key retention service, called through syscall(2) (variadic, which Swift cannot
/// call; and libkeyutils is one more package to install for four calls). Every function returns
/// -1 with errno set where the kernel has no keys or a sandbox forbids them (ENOSYS, EPERM):
/// callers then do without.

/// The id of the "user" key named `description` in the calling user's keyring, or -1.
int32_t jg_key_find(const char *description);

/// Reads up to `capacity` bytes of the key's payload into `buffer`: the payload's length, or -1.
long jg_key_read(int32_t key, void *buffer, size_t capacity);

/// Adds (or replaces) a "user" key in the user's keyring that only this user can see and read,
/// and that the kernel deletes `seconds` after this call. The id, or -1.
int32_t jg_key_add(const char *description, const void *payload, size_t length, unsigned seconds);

/// Sets the key to expire `seconds` from now (0: never; not used here).
int jg_key_set_timeout(int32_t key, unsigned seconds);

/// Revokes the key at once.
int jg_key_revoke(int32_t key);

#endif
