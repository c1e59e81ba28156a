#include "cvips_shim.h"
#include <vips/vector.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* libvips is opened on first use, not linked: it brings some ninety libraries (poppler, librsvg,
   OpenEXR, x265…) whose pages cost a build that finds every photo in its cache about 19 MB of
   memory and the loader's time, for nothing. Each call below goes through a pointer found once. */
#define JG_VIPS_FUNCTIONS(X) \
    X(vips_init) X(vips_version) X(vips_concurrency_set) X(vips_cache_set_max) \
    X(vips_error_buffer) X(vips_error_clear) X(vips_image_new_from_file) X(vips_image_get_typeof) \
    X(vips_image_get_string) X(vips_image_get_int) X(vips_thumbnail) X(vips_image_copy_memory) \
    X(vips_thumbnail_image) X(vips_image_write_to_file) X(vips_image_get_width) \
    X(vips_image_get_height) X(vips_image_hasalpha) X(vips_vector_set_enabled)

#define JG_DECLARE(name) static __typeof__(name) *call_##name;
JG_VIPS_FUNCTIONS(JG_DECLARE)
#undef JG_DECLARE

static pthread_once_t jg_once = PTHREAD_ONCE_INIT;
static int jg_started = -1;
/* Why libvips could not be used, when it could not. */
static char jg_failure[512];

static void jg_start(void) {
    static const char *names[] = {"libvips.so.42", "libvips.42.dylib", "libvips.so", "libvips.dylib"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(jg_failure, sizeof jg_failure, "libvips could not be loaded (%s); install libvips (Debian: apt-get install libvips42)", why ? why : "not found");
        return;
    }
#define JG_FIND(name) \
    if (!(call_##name = (__typeof__(name) *)dlsym(library, #name))) { \
        snprintf(jg_failure, sizeof jg_failure, "libvips has no %s: it is older than journalgen needs", #name); \
        return; \
    }
    JG_VIPS_FUNCTIONS(JG_FIND)
#undef JG_FIND
    int abi = call_vips_version(3) - call_vips_version(5);
    if (abi != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) {
        snprintf(jg_failure, sizeof jg_failure, "libvips has ABI version %d; journalgen was built for %d", abi, VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
        return;
    }
    if (call_vips_init("journalgen")) {
        snprintf(jg_failure, sizeof jg_failure, "libvips did not start: %s", call_vips_error_buffer());
        return;
    }
    /* journalgen runs one image per core itself; libvips' own threads would only compete. */
    call_vips_concurrency_set(1);
    /* Each source is read once per build: the operation cache would only hold memory. */
    call_vips_cache_set_max(0);
    /* No code made at run time by liborc (libvips' SIMD compiler): with photos resized on every
       core at once it crashed the process once (a bad pointer inside liborc 0.4.33), as it has for
       others (sharp made it a switch, fotomat turned it off). libvips then runs its C loops. */
    call_vips_vector_set_enabled(0);
    jg_started = 0;
}

int jg_vips_init(void) {
    pthread_once(&jg_once, jg_start);
    return jg_started;
}

char *jg_vips_error(void) {
    if (jg_started != 0) return g_strdup(jg_failure);
    char *text = g_strdup(call_vips_error_buffer());
    call_vips_error_clear();
    return text;
}

VipsImage *jg_vips_open(const char *path) {
    return call_vips_image_new_from_file(path, NULL);
}

char *jg_vips_get_string(VipsImage *image, const char *field) {
    const char *value = NULL;
    if (call_vips_image_get_typeof(image, field) == 0) return NULL;
    if (call_vips_image_get_string(image, field, &value)) {
        call_vips_error_clear();
        return NULL;
    }
    return g_strdup(value);
}

int jg_vips_get_int(VipsImage *image, const char *field, int fallback) {
    int value = fallback;
    if (call_vips_image_get_typeof(image, field) == 0) return fallback;
    if (call_vips_image_get_int(image, field, &value)) {
        call_vips_error_clear();
        return fallback;
    }
    return value;
}

int jg_vips_width(VipsImage *image) { return call_vips_image_get_width(image); }
int jg_vips_height(VipsImage *image) { return call_vips_image_get_height(image); }
int jg_vips_has_alpha(VipsImage *image) { return call_vips_image_hasalpha(image) ? 1 : 0; }

VipsImage *jg_vips_thumbnail_file(const char *path, int width) {
    VipsImage *out = NULL;
    if (call_vips_thumbnail(path, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL)) return NULL;
    VipsImage *memory = call_vips_image_copy_memory(out);
    g_object_unref(out);
    return memory;
}

VipsImage *jg_vips_thumbnail_image(VipsImage *image, int width) {
    VipsImage *out = NULL;
    if (call_vips_thumbnail_image(image, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL)) return NULL;
    return out;
}

int jg_vips_save(VipsImage *image, const char *filename) {
    return call_vips_image_write_to_file(image, filename, NULL);
}

char *jg_sha256_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    GChecksum *checksum = g_checksum_new(G_CHECKSUM_SHA256);
    static __thread unsigned char buffer[1 << 16];
    size_t count;
    while ((count = fread(buffer, 1, sizeof buffer, file)) > 0) g_checksum_update(checksum, buffer, count);
    int failed = ferror(file);
    fclose(file);
    char *hex = failed ? NULL : g_strdup(g_checksum_get_string(checksum));
    g_checksum_free(checksum);
    return hex;
}
