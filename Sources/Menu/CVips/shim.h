// libvips (Debian's libvips-dev), as MenuPhotos calls it: its calls take their options as C
// variadic arguments, which Swift cannot pass, so each call MenuPhotos makes is one function
// here with fixed arguments.
#include <vips/vips.h>

/// Starts libvips once per process with every loader blocked but JPEG, PNG and WebP (no PDF,
/// SVG, ImageMagick or any other a crafted file could reach) and no cache of operations (each
/// photo is worked on once), its warnings silenced. 0 when started.
static inline int casebook_vips_start(void) {
    // libvips's own warnings (a damaged file's) are not the server log's business: each
    // refusal says what is wrong.
    g_setenv("VIPS_WARNING", "0", FALSE);
    if (VIPS_INIT("casebook")) return -1;
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_cache_set_max(0);
    return 0;
}

/// The loader of `format`: 1 JPEG, 2 PNG, 3 WebP.
static inline int casebook_vips_header_load(
    int format, const void *bytes, size_t length, VipsImage **image) {
    void *buffer = (void *)bytes;
    switch (format) {
    case 1:
        return vips_jpegload_buffer(buffer, length, image, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
    case 2:
        return vips_pngload_buffer(buffer, length, image, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
    case 3:
        return vips_webpload_buffer(buffer, length, image, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
    default: return -1;
    }
}

/// The width and height the image's header gives (no pixel is decoded). 0 when read.
static inline int casebook_vips_size(
    int format, const void *bytes, size_t length, int *width, int *height) {
    VipsImage *image = NULL;
    if (casebook_vips_header_load(format, bytes, length, &image)) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// The image, turned upright as its EXIF orientation says, in sRGB, shrunk to at most `side`
/// pixels each way (never enlarged), on white where it was transparent, as a JPEG of quality
/// `quality` with no metadata at all (no EXIF, GPS, XMP, IPTC or profile). Every pixel is
/// decoded: a damaged or cut-short file fails here. 0 when made; `*jpeg` is freed with
/// `g_free`.
static inline int casebook_vips_jpeg(
    const void *bytes, size_t length, int side, int quality, void **jpeg, size_t *jpegLength,
    int *width, int *height) {
    VipsImage *small = NULL;
    if (vips_thumbnail_buffer(
            (void *)bytes, length, &small, side, "height", side, "size", VIPS_SIZE_DOWN,
            "option_string", "fail_on=warning", NULL))
        return -1;
    VipsImage *flat = small;
    if (vips_image_hasalpha(small)) {
        VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
        int failed = vips_flatten(small, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(small);
        if (failed) return -1;
    }
    int failed = vips_jpegsave_buffer(
        flat, jpeg, jpegLength, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
        "interlace", TRUE, NULL);
    if (!failed) {
        *width = vips_image_get_width(flat);
        *height = vips_image_get_height(flat);
    }
    g_object_unref(flat);
    return failed ? -1 : 0;
}

/// What libvips said of the last failure on any thread, then forgotten.
static inline const char *casebook_vips_last_error(void) {
    return vips_error_buffer();
}

static inline void casebook_vips_forget_errors(void) { vips_error_clear(); }

static inline void casebook_vips_free(void *pointer) { g_free(pointer); }
