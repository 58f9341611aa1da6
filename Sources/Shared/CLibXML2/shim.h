// libxml2 (Debian's libxml2, libxml2.so.2), as CasebookXLSX reads a spreadsheet's XML with it:
// loaded when the first spreadsheet is read, not linked, so that no command but those that
// read one loads it (linked, every start of every command would). Only its streaming reader
// (xmlTextReader) is used, whose calls take and give no structure but strings, so only the
// few declarations these need are written here, each checked against libxml2 2.9's headers.
#include <dlfcn.h>
#include <stddef.h>

typedef struct _xmlTextReader *casebook_xml_reader;

/// xmlParserOption: never the network, no messages on standard error, no huge documents.
enum {
    CASEBOOK_XML_PARSE_NOERROR = 1 << 5,
    CASEBOOK_XML_PARSE_NOWARNING = 1 << 6,
    CASEBOOK_XML_PARSE_NONET = 1 << 11,
};

/// xmlReaderTypes, as xmlTextReaderNodeType gives them.
enum {
    CASEBOOK_XML_ELEMENT = 1,
    CASEBOOK_XML_TEXT = 3,
    CASEBOOK_XML_CDATA = 4,
    CASEBOOK_XML_ENTITY_REFERENCE = 5,
    CASEBOOK_XML_DOCUMENT_TYPE = 10,
    CASEBOOK_XML_WHITESPACE = 13,
    CASEBOOK_XML_SIGNIFICANT_WHITESPACE = 14,
    CASEBOOK_XML_END_ELEMENT = 15,
};

struct casebook_xml_functions {
    void (*init_parser)(void);
    casebook_xml_reader (*reader_for_memory)(const char *, int, const char *, const char *, int);
    int (*read)(casebook_xml_reader);
    int (*node_type)(casebook_xml_reader);
    int (*depth)(casebook_xml_reader);
    int (*is_empty_element)(casebook_xml_reader);
    const unsigned char *(*local_name)(casebook_xml_reader);
    const unsigned char *(*value)(casebook_xml_reader);
    int (*move_to_next_attribute)(casebook_xml_reader);
    int (*move_to_element)(casebook_xml_reader);
    int (*line_number)(casebook_xml_reader);
    void (*free_reader)(casebook_xml_reader);
};

/// libxml2's functions, found once: a static inside a function, which Swift's importer emits
/// with the function (it gives no storage to a header's own static variables).
static inline struct casebook_xml_functions *casebook_xml_table(void) {
    static struct casebook_xml_functions table;
    return &table;
}

#define casebook_xml (*casebook_xml_table())

/// Loads libxml2 and finds each function. 0 when found; -2 when libxml2 is not installed.
static inline int casebook_xml_load(void) {
    static const char *names[] = {"libxml2.so.2", "libxml2.2.dylib", "/usr/lib/libxml2.2.dylib"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof *names && !library; index++)
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    if (!library) return -2;
#define CASEBOOK_XML_FIND(field, symbol) \
    if (!(*(void **)&casebook_xml.field = dlsym(library, symbol))) return -2;
    CASEBOOK_XML_FIND(init_parser, "xmlInitParser")
    CASEBOOK_XML_FIND(reader_for_memory, "xmlReaderForMemory")
    CASEBOOK_XML_FIND(read, "xmlTextReaderRead")
    CASEBOOK_XML_FIND(node_type, "xmlTextReaderNodeType")
    CASEBOOK_XML_FIND(depth, "xmlTextReaderDepth")
    CASEBOOK_XML_FIND(is_empty_element, "xmlTextReaderIsEmptyElement")
    CASEBOOK_XML_FIND(local_name, "xmlTextReaderConstLocalName")
    CASEBOOK_XML_FIND(value, "xmlTextReaderConstValue")
    CASEBOOK_XML_FIND(move_to_next_attribute, "xmlTextReaderMoveToNextAttribute")
    CASEBOOK_XML_FIND(move_to_element, "xmlTextReaderMoveToElement")
    CASEBOOK_XML_FIND(line_number, "xmlTextReaderGetParserLineNumber")
    CASEBOOK_XML_FIND(free_reader, "xmlFreeTextReader")
#undef CASEBOOK_XML_FIND
    casebook_xml.init_parser();
    return 0;
}
