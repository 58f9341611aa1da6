// libvips (Debian's libvips42), as MenuPhotos calls it, loaded when the first photo is made:
// linked, its library and the hundred it needs (glib, cairo, pango, poppler…) were loaded at
// every start of every command, twenty milliseconds before `casebook factor 12` could begin.
// Its calls take their options as C variadic arguments, which Swift cannot pass, so each call
// MenuPhotos makes is one function here with fixed arguments. Only the few declarations these
// need are written here (libvips's own headers would bring glib's), each checked against
// libvips 8.14's: its ABI (42) is checked when it is loaded.
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>

typedef struct _VipsImage VipsImage;
typedef struct _VipsArea VipsArea;
typedef VipsArea VipsArrayDouble;

enum { CASEBOOK_VIPS_FAIL_ON_WARNING = 3, CASEBOOK_VIPS_SIZE_DOWN = 2 };

struct casebook_vips_functions {
    int (*version)(int);
    int (*init)(const char *);
    void (*block_untrusted_set)(int);
    void (*operation_block_set)(const char *, int);
    void (*cache_set_max)(int);
    int (*jpegload_buffer)(void *, size_t, VipsImage **, ...);
    int (*pngload_buffer)(void *, size_t, VipsImage **, ...);
    int (*webpload_buffer)(void *, size_t, VipsImage **, ...);
    int (*image_get_width)(const VipsImage *);
    int (*image_get_height)(const VipsImage *);
    void (*object_unref)(void *);
    int (*thumbnail_buffer)(void *, size_t, VipsImage **, int, ...);
    int (*image_hasalpha)(VipsImage *);
    VipsArrayDouble *(*array_double_newv)(int, ...);
    int (*flatten)(VipsImage *, VipsImage **, ...);
    void (*area_unref)(VipsArea *);
    int (*jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*free)(void *);
};

/// libvips's functions, found once: a static inside a function, which Swift's importer emits
/// with the function (it gives no storage to a header's own static variables).
static inline struct casebook_vips_functions *casebook_vips_table(void) {
    static struct casebook_vips_functions table;
    return &table;
}

#define casebook_vips (*casebook_vips_table())

/// Loads libvips and finds each function, or leaves `casebook_vips.init` NULL. 0 when found.
static inline int casebook_vips_load(void) {
    static const char *names[] = {
        "libvips.so.42", "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib",
        "/usr/local/lib/libvips.42.dylib"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof *names && !library; index++)
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    if (!library) return -1;
#define CASEBOOK_VIPS_FIND(field, symbol) \
    if (!(*(void **)&casebook_vips.field = dlsym(library, symbol))) return -1;
    CASEBOOK_VIPS_FIND(version, "vips_version")
    CASEBOOK_VIPS_FIND(block_untrusted_set, "vips_block_untrusted_set")
    CASEBOOK_VIPS_FIND(operation_block_set, "vips_operation_block_set")
    CASEBOOK_VIPS_FIND(cache_set_max, "vips_cache_set_max")
    CASEBOOK_VIPS_FIND(jpegload_buffer, "vips_jpegload_buffer")
    CASEBOOK_VIPS_FIND(pngload_buffer, "vips_pngload_buffer")
    CASEBOOK_VIPS_FIND(webpload_buffer, "vips_webpload_buffer")
    CASEBOOK_VIPS_FIND(image_get_width, "vips_image_get_width")
    CASEBOOK_VIPS_FIND(image_get_height, "vips_image_get_height")
    CASEBOOK_VIPS_FIND(object_unref, "g_object_unref")
    CASEBOOK_VIPS_FIND(thumbnail_buffer, "vips_thumbnail_buffer")
    CASEBOOK_VIPS_FIND(image_hasalpha, "vips_image_hasalpha")
    CASEBOOK_VIPS_FIND(array_double_newv, "vips_array_double_newv")
    CASEBOOK_VIPS_FIND(flatten, "vips_flatten")
    CASEBOOK_VIPS_FIND(area_unref, "vips_area_unref")
    CASEBOOK_VIPS_FIND(jpegsave_buffer, "vips_jpegsave_buffer")
    CASEBOOK_VIPS_FIND(error_buffer, "vips_error_buffer")
    CASEBOOK_VIPS_FIND(error_clear, "vips_error_clear")
    CASEBOOK_VIPS_FIND(free, "g_free")
#undef CASEBOOK_VIPS_FIND
    // The ABI these declarations are written for: libvips.so.42 (current 58 - age 16).
    if (casebook_vips.version(3) - casebook_vips.version(5) != 42) return -1;
    *(void **)&casebook_vips.init = dlsym(library, "vips_init");
    return casebook_vips.init ? 0 : -1;
}

/// Loads and starts libvips once per process with every loader blocked but JPEG, PNG and
/// WebP (no PDF, SVG, ImageMagick or any other a crafted file could reach) and no cache of
/// operations (each photo is worked on once), its warnings silenced. 0 when started; -2 when
/// libvips (8.x, libvips.so.42) is not installed.
static inline int casebook_vips_start(void) {
    if (casebook_vips_load()) return -2;
    // libvips's own warnings (a damaged file's) are not the server log's business: each
    // refusal says what is wrong.
    setenv("VIPS_WARNING", "0", 0);
    if (casebook_vips.init("casebook")) return -1;
    casebook_vips.block_untrusted_set(1);
    casebook_vips.operation_block_set("VipsForeignLoad", 1);
    casebook_vips.operation_block_set("VipsForeignLoadJpeg", 0);
    casebook_vips.operation_block_set("VipsForeignLoadPng", 0);
    casebook_vips.operation_block_set("VipsForeignLoadWebp", 0);
    casebook_vips.cache_set_max(0);
    return 0;
}

/// The loader of `format`: 1 JPEG, 2 PNG, 3 WebP.
static inline int casebook_vips_header_load(
    int format, const void *bytes, size_t length, VipsImage **image) {
    void *buffer = (void *)bytes;
    switch (format) {
    case 1:
        return casebook_vips.jpegload_buffer(
            buffer, length, image, "fail_on", CASEBOOK_VIPS_FAIL_ON_WARNING, NULL);
    case 2:
        return casebook_vips.pngload_buffer(
            buffer, length, image, "fail_on", CASEBOOK_VIPS_FAIL_ON_WARNING, NULL);
    case 3:
        return casebook_vips.webpload_buffer(
            buffer, length, image, "fail_on", CASEBOOK_VIPS_FAIL_ON_WARNING, NULL);
    default: return -1;
    }
}

/// The width and height the image's header gives (no pixel is decoded). 0 when read.
static inline int casebook_vips_size(
    int format, const void *bytes, size_t length, int *width, int *height) {
    VipsImage *image = NULL;
    if (casebook_vips_header_load(format, bytes, length, &image)) return -1;
    *width = casebook_vips.image_get_width(image);
    *height = casebook_vips.image_get_height(image);
    casebook_vips.object_unref(image);
    return 0;
}

/// The image, turned upright as its EXIF orientation says, in sRGB, shrunk to at most `side`
/// pixels each way (never enlarged), on white where it was transparent, as a JPEG of quality
/// `quality` with no metadata at all (no EXIF, GPS, XMP, IPTC or profile). Every pixel is
/// decoded: a damaged or cut-short file fails here. 0 when made; `*jpeg` is freed with
/// `casebook_vips_free`.
static inline int casebook_vips_jpeg(
    const void *bytes, size_t length, int side, int quality, void **jpeg, size_t *jpegLength,
    int *width, int *height) {
    VipsImage *small = NULL;
    if (casebook_vips.thumbnail_buffer(
            (void *)bytes, length, &small, side, "height", side, "size", CASEBOOK_VIPS_SIZE_DOWN,
            "option_string", "fail_on=warning", NULL))
        return -1;
    VipsImage *flat = small;
    if (casebook_vips.image_hasalpha(small)) {
        VipsArrayDouble *white = casebook_vips.array_double_newv(3, 255.0, 255.0, 255.0);
        int failed = casebook_vips.flatten(small, &flat, "background", white, NULL);
        casebook_vips.area_unref(white);
        casebook_vips.object_unref(small);
        if (failed) return -1;
    }
    int failed = casebook_vips.jpegsave_buffer(
        flat, jpeg, jpegLength, "Q", quality, "strip", 1, "optimize_coding", 1, "interlace", 1,
        NULL);
    if (!failed) {
        *width = casebook_vips.image_get_width(flat);
        *height = casebook_vips.image_get_height(flat);
    }
    casebook_vips.object_unref(flat);
    return failed ? -1 : 0;
}

/// What libvips said of the last failure on any thread, then forgotten.
static inline const char *casebook_vips_last_error(void) {
    return casebook_vips.error_buffer();
}

static inline void casebook_vips_forget_errors(void) { casebook_vips.error_clear(); }

static inline void casebook_vips_free(void *pointer) { casebook_vips.free(pointer); }
