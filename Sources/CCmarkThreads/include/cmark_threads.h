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

/// Takes `w` out of the table `jg_cmark_keep_special_characters` set, after it returned 1.
/// Autolink makes it special for `www.` names, and the inline parser then stops at every `w`
/// of every text, asks the extension, and makes a text node of each run, which autolink's own
/// pass joins again. Returns 1 when it is out.
int jg_cmark_leave_out_w(void);

/// Puts `w` back for a text with `www.` about to be finished (`add` 1), or gives it up once it
/// is (`add` 0); the table holds it while any text asks. A text finished meanwhile may find it
/// there: its text nodes are then split at `w` (and joined again by autolink, or written one
/// after the other), and its HTML is the same.
void jg_cmark_w(int add);

#endif
