#include "cvips_shim.h"
#include <stdio.h>

int jg_vips_init(void) {
    if (VIPS_INIT("journalgen")) return -1;
    /* journalgen runs one image per core itself; libvips' own threads would only compete. */
    vips_concurrency_set(1);
    /* Each source is read once per build: the operation cache would only hold memory. */
    vips_cache_set_max(0);
    return 0;
}

char *jg_vips_error(void) {
    char *text = g_strdup(vips_error_buffer());
    vips_error_clear();
    return text;
}

VipsImage *jg_vips_open(const char *path) {
    return vips_image_new_from_file(path, NULL);
}

char *jg_vips_get_string(VipsImage *image, const char *field) {
    const char *value = NULL;
    if (vips_image_get_typeof(image, field) == 0) return NULL;
    if (vips_image_get_string(image, field, &value)) {
        vips_error_clear();
        return NULL;
    }
    return g_strdup(value);
}

int jg_vips_get_int(VipsImage *image, const char *field, int fallback) {
    int value = fallback;
    if (vips_image_get_typeof(image, field) == 0) return fallback;
    if (vips_image_get_int(image, field, &value)) {
        vips_error_clear();
        return fallback;
    }
    return value;
}

VipsImage *jg_vips_thumbnail_file(const char *path, int width) {
    VipsImage *out = NULL;
    if (vips_thumbnail(path, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL)) return NULL;
    VipsImage *memory = vips_image_copy_memory(out);
    g_object_unref(out);
    return memory;
}

VipsImage *jg_vips_thumbnail_image(VipsImage *image, int width) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(image, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL)) return NULL;
    return out;
}

int jg_vips_save(VipsImage *image, const char *filename) {
    return vips_image_write_to_file(image, filename, NULL);
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
