#include "callocator_shim.h"
#include <stdlib.h> /* defines __GLIBC__ where the C library is glibc */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void jg_map_blocks_from(int bytes) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
#endif
}

void jg_release_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

void jg_pad_heap_growth(int bytes) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, bytes);
#else
    (void)bytes;
#endif
}
