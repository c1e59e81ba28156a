#include "cmark_arena.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// A block of the arena; allocations follow its header, each after a 16-byte header of its own
/// that holds its size (realloc needs it).
typedef struct jg_block {
    struct jg_block *next;
    size_t size;
    size_t used;
} jg_block;

enum { BLOCK_SIZE = 64 * 1024, HEADER = 16, SPARE_BLOCKS = 8 };

/// The blocks of the open document, newest first, and the ordinary blocks kept from earlier
/// documents (up to half a megabyte a thread): reused, not freed and taken again, which left holes
/// in the heap that raised a build's peak memory.
static __thread jg_block *blocks;
static __thread jg_block *spare;
static __thread int spareCount;
static __thread char *last;
static __thread int depth;

static size_t round16(size_t n) { return (n + 15) & ~(size_t)15; }

static void free_list(jg_block *block) {
    while (block) {
        jg_block *next = block->next;
        free(block);
        block = next;
    }
}

/// A thread's blocks are freed when it ends (dispatch's worker threads come and go in a long
/// `serve`): a key with a destructor, set on the thread's first document.
static pthread_key_t thread_end;
static pthread_once_t thread_end_made = PTHREAD_ONCE_INIT;
static __thread int thread_end_set;

static void free_thread_blocks(void *unused) {
    (void)unused;
    free_list(blocks);
    free_list(spare);
    blocks = NULL;
    spare = NULL;
    spareCount = 0;
    last = NULL;
}

static void make_thread_end(void) { pthread_key_create(&thread_end, free_thread_blocks); }

static size_t block_start(void) { return round16(sizeof(jg_block)); }

static void *arena_take(size_t n) {
    if (n > SIZE_MAX / 2) abort();
    size_t need = HEADER + round16(n);
    if (!blocks || blocks->size - blocks->used < need) {
        size_t size = block_start() + need > BLOCK_SIZE ? block_start() + need : BLOCK_SIZE;
        jg_block *block;
        if (size == BLOCK_SIZE && spare) {
            block = spare;
            spare = spare->next;
            spareCount -= 1;
        } else {
            block = malloc(size);
            if (!block) abort();
            block->size = size;
        }
        block->next = blocks;
        block->used = block_start();
        blocks = block;
    }
    char *at = (char *)blocks + blocks->used;
    *(size_t *)at = n;
    blocks->used += need;
    last = at + HEADER;
    return last;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) abort();
    void *p = arena_take(count * size);
    memset(p, 0, count * size);
    return p;
}

static void *arena_realloc(void *pointer, size_t n) {
    if (!pointer) return arena_take(n);
    size_t old = *(size_t *)((char *)pointer - HEADER);
    // The newest allocation grows where it is while its block has room (cmark's buffers double).
    if (pointer == last) {
        size_t had = round16(old), wants = round16(n);
        if (wants <= had || blocks->size - blocks->used >= wants - had) {
            blocks->used = blocks->used - had + wants;
            *(size_t *)((char *)pointer - HEADER) = n;
            return pointer;
        }
    }
    void *moved = arena_take(n);
    memcpy(moved, pointer, old < n ? old : n);
    return moved;
}

static void arena_free(void *pointer) { (void)pointer; }

static cmark_mem arena = {arena_calloc, arena_realloc, arena_free};

cmark_mem *jg_cmark_arena(void) { return &arena; }

void jg_cmark_arena_enter(void) {
    if (!thread_end_set) {
        pthread_once(&thread_end_made, make_thread_end);
        pthread_setspecific(thread_end, (void *)1);
        thread_end_set = 1;
    }
    depth += 1;
}

void jg_cmark_arena_leave(void) {
    if (depth > 0) depth -= 1;
    if (depth > 0) return;
    // Ordinary blocks are kept for the next documents; larger ones (a long text's) are not.
    while (blocks) {
        jg_block *next = blocks->next;
        if (blocks->size == BLOCK_SIZE && spareCount < SPARE_BLOCKS) {
            blocks->next = spare;
            spare = blocks;
            spareCount += 1;
        } else {
            free(blocks);
        }
        blocks = next;
    }
    last = NULL;
}
