#ifndef CALLOCATOR_SHIM_H
#define CALLOCATOR_SHIM_H

/// Blocks of at least `bytes` are mapped on their own and unmapped when freed, whatever their
/// number (glibc's mallopt M_MMAP_THRESHOLD, which Swift's Glibc module does not show). Does
/// nothing where the C library has no such setting.
void jg_map_blocks_from(int bytes);

/// Gives the kernel back the free memory of every arena (glibc's malloc_trim).
void jg_release_free_memory(void);

/* The heap grows by at least this much at a time (M_TOP_PAD). */
void jg_pad_heap_growth(int bytes);

#endif
