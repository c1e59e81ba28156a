#ifndef CMARK_THREADS_H
#define CMARK_THREADS_H

#include <cmark-gfm.h>

/// Makes the inline parser's special characters those of every extension `parser` has, for good,
/// so that documents can be finished on several threads at once. Returns 1 when that is done;
/// 0 when this build of cmark-gfm does not let it happen (it binds its own calls directly), and
/// finishing must stay one document at a time.
///
/// Why: cmark-gfm keeps the table of special characters in a global. `cmark_parser_finish`
/// adds its extensions' characters (`~`, `:`, `w`, `|`) before parsing inlines and removes them
/// afterwards, so two threads finishing at once take them away from each other (`~~struck~~` or
/// a bare URL come out as plain text at random). The library makes both changes through
/// `cmark_manage_extensions_special_characters`, an exported function it calls through its own
/// symbol table; this file defines one of that name in the program, which the dynamic linker
/// binds first and which leaves the table alone. With the characters of every extension set,
/// a document parsed without one of them (`|` without tables) only has its text split at that
/// character into more text nodes; the HTML is the same.
int jg_cmark_keep_special_characters(cmark_parser *parser);

#endif
