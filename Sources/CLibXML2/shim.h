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

// xmlTextWriter takes xmlChar (unsigned char) strings; these take C strings, as Swift passes them.
#include <libxml/xmlwriter.h>
static inline int cxml_start_element(xmlTextWriterPtr w, const char *name) { return xmlTextWriterStartElement(w, BAD_CAST name); }
static inline int cxml_attribute(xmlTextWriterPtr w, const char *name, const char *value) { return xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST value); }
static inline int cxml_string(xmlTextWriterPtr w, const char *text) { return xmlTextWriterWriteString(w, BAD_CAST text); }
static inline const char *cxml_buffer_content(xmlBufferPtr b) { return (const char *)xmlBufferContent(b); }
