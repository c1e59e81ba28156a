#define _GNU_SOURCE
#include "cmark_threads.h"
#include <cmark-gfm-extension_api.h>
#include <dlfcn.h>
#include <stdatomic.h>

/// How many times the library called the definition below: proof that it calls through its
/// symbol table (a build linked with -Bsymbolic-functions would not).
static atomic_int calls_from_library;

/// The library's calls land here: the table stays as `jg_cmark_keep_special_characters` set it.
void cmark_manage_extensions_special_characters(cmark_parser *parser, int add) {
    (void)parser;
    (void)add;
    atomic_fetch_add(&calls_from_library, 1);
}

int jg_cmark_keep_special_characters(cmark_parser *parser) {
    void (*library)(cmark_parser *, int) =
        (void (*)(cmark_parser *, int))dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
    if (library == NULL || (void *)library == (void *)cmark_manage_extensions_special_characters) return 0;
    // Finish a one-word document with this parser: does the library call the definition above?
    int before = atomic_load(&calls_from_library);
    cmark_parser_feed(parser, "x", 1);
    cmark_node *document = cmark_parser_finish(parser);
    if (document != NULL) cmark_node_free(document);
    if (atomic_load(&calls_from_library) == before) return 0;
    library(parser, 1);
    return 1;
}
