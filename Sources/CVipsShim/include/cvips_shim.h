#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H

#include <vips/vips.h>

/* Non-variadic entry points into libvips (Swift cannot call C variadic functions).
   Every function that returns an image or a string hands ownership to the caller:
   images go back with g_object_unref, strings with g_free. */

/* Opens and starts libvips once (it is loaded on first use, not linked); returns 0 on success.
   Every other jg_vips_ function may be called only after it returned 0. */
int jg_vips_init(void);

/* The last libvips error, or "" (a copy to g_free); clears the error buffer. When libvips could
   not be loaded or started, why. */
char *jg_vips_error(void);

/* Opens an image lazily: only the header is read until pixels are needed. */
VipsImage *jg_vips_open(const char *path);

/* A metadata field as text (EXIF fields such as "exif-ifd3-GPSLatitude"), or NULL. */
char *jg_vips_get_string(VipsImage *image, const char *field);

/* An integer metadata field ("orientation"), or fallback when absent. */
int jg_vips_get_int(VipsImage *image, const char *field, int fallback);

/* The image shrunk from the file to `width` pixels wide (never enlarged), turned upright by its
   EXIF orientation, and held in memory so several smaller sizes can be made from it. */
VipsImage *jg_vips_thumbnail_file(const char *path, int width);

/* A smaller copy of an image in memory. */
VipsImage *jg_vips_thumbnail_image(VipsImage *image, int width);

/* The image's size as stored, and whether it has an alpha channel (1) or not (0). */
int jg_vips_width(VipsImage *image);
int jg_vips_height(VipsImage *image);
int jg_vips_has_alpha(VipsImage *image);

/* Writes an image; the format and its options come from the name: "a.webp[Q=80,strip]". */
int jg_vips_save(VipsImage *image, const char *filename);

/* SHA-256 of a file's content as 64 hex digits (to g_free), or NULL when it cannot be read. */
char *jg_sha256_file(const char *path);

#endif
