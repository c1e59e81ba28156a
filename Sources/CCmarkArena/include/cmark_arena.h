#ifndef CMARK_ARENA_H
#define CMARK_ARENA_H

#include <cmark-gfm.h>

/// An allocator for one Markdown document at a time on each thread: cmark-gfm's nodes, buffers
/// and output come out of large blocks by moving a pointer, frees do nothing, and everything
/// goes at once when the document is done (`jg_cmark_arena_leave`). A document made a few
/// hundred nodes and as many buffers, each a malloc and a free (docs/benchmarks.md).
cmark_mem *jg_cmark_arena(void);

/// Starts a document on this thread (documents may nest: the arena empties when the outermost
/// one is left).
void jg_cmark_arena_enter(void);

/// Ends a document on this thread: once nothing is left open, every allocation made since the
/// outermost `enter` is released. Nothing cmark made for the document may be used after it.
void jg_cmark_arena_leave(void);

#endif
