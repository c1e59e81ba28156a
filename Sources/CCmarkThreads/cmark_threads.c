#define _GNU_SOURCE
#include "cmark_threads.h"
#include <cmark-gfm-extension_api.h>
#include <dlfcn.h>
#include <pthread.h>
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

static void (*library_manage)(cmark_parser *, int);
/// A parser whose one extension has `w` as its one special character: the library's function
/// adds or removes the characters of a parser's extensions, and this one names `w` alone.
static cmark_parser *w_parser;
static pthread_mutex_t w_lock = PTHREAD_MUTEX_INITIALIZER;
static int w_users;

static cmark_node *match_nothing(cmark_syntax_extension *extension, cmark_parser *parser, cmark_node *parent,
                                 unsigned char character, cmark_inline_parser *inline_parser) {
    (void)extension; (void)parser; (void)parent; (void)character; (void)inline_parser;
    return NULL;
}

int jg_cmark_leave_out_w(void) {
    void (*library)(cmark_parser *, int) =
        (void (*)(cmark_parser *, int))dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
    if (library == NULL) return 0;
    cmark_syntax_extension *only_w = cmark_syntax_extension_new("journalgen-w");
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    if (only_w == NULL || parser == NULL) return 0;
    cmark_syntax_extension_set_match_inline_func(only_w, match_nothing);
    cmark_syntax_extension_set_special_inline_chars(only_w, cmark_llist_append(cmark_get_default_mem_allocator(), NULL, (void *)'w'));
    cmark_parser_attach_syntax_extension(parser, only_w);
    pthread_mutex_lock(&w_lock);
    library(parser, 0);
    library_manage = library;
    w_parser = parser;
    pthread_mutex_unlock(&w_lock);
    return 1;
}

void jg_cmark_w(int add) {
    pthread_mutex_lock(&w_lock);
    if (w_parser != NULL) {
        if (add) {
            if (w_users++ == 0) library_manage(w_parser, 1);
        } else if (w_users > 0 && --w_users == 0) {
            library_manage(w_parser, 0);
        }
    }
    pthread_mutex_unlock(&w_lock);
}
