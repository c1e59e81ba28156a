// libxml2's headers pull in ICU, which clashes with Foundation's own copy: undefine it first.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>

// xmlFree is a global function pointer, which Swift 6 rejects as not concurrency-safe.
static inline void cxml_free(void *p) { xmlFree(p); }
