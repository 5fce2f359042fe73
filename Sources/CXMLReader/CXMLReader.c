#include "CXMLReader.h"
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct cairn_xml_reader {
    xmlTextReaderPtr reader;
    int error_line;
    int error_column;
    char error_message[512];
};

// libxml2 reports each error here; the first one is kept for the message.
static void cairn_xml_error(void *context, const xmlError *error) {
    cairn_xml_reader *reader = context;
    if (reader->error_message[0] != '\0' || error == NULL) return;
    reader->error_line = error->line;
    reader->error_column = error->int2;
    const char *message = error->message ? error->message : "the XML is not well-formed";
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == ' ')) length--;
    if (length >= sizeof(reader->error_message)) length = sizeof(reader->error_message) - 1;
    memcpy(reader->error_message, message, length);
    reader->error_message[length] = '\0';
}

// libxml2's generic errors, which bypass the reader's handler: a value past its 10 MB text limit
// (one entity of 50 kB used thousands of times in an attribute) was printed on standard error
// ("internal buffer error") and the value left empty, so the record was imported without it.
// The file is refused instead, in one line (issue 22).
static void cairn_xml_generic_error(void *context, const char *message, ...) {
    cairn_xml_reader *reader = context;
    (void)message;
    if (reader == NULL || reader->error_message[0] != '\0') return;
    reader->error_line = 0;
    reader->error_column = 0;
    strcpy(reader->error_message, "a value grows past libxml2's limit of 10,000,000 bytes, as entities used over and over make it");
}

// Never XML_PARSE_HUGE: it lifts libxml2's entity amplification and node size limits, and a
// few hundred bytes of nested entities in an attribute then expand without end (issue 22).
// Apple Health exports are large files of small nodes; the default limits never bind on them.
cairn_xml_reader *cairn_xml_open(const char *path) {
    xmlTextReaderPtr inner = xmlReaderForFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (inner == NULL) return NULL;
    cairn_xml_reader *reader = calloc(1, sizeof(cairn_xml_reader));
    if (reader == NULL) {
        xmlFreeTextReader(inner);
        return NULL;
    }
    reader->reader = inner;
    xmlTextReaderSetStructuredErrorHandler(inner, (xmlStructuredErrorFunc)cairn_xml_error, reader);
    xmlSetGenericErrorFunc(reader, cairn_xml_generic_error);
    return reader;
}

void cairn_xml_close(cairn_xml_reader *reader) {
    if (reader == NULL) return;
    xmlSetGenericErrorFunc(NULL, NULL);
    xmlFreeTextReader(reader->reader);
    free(reader);
}

int cairn_xml_next(cairn_xml_reader *reader) {
    for (;;) {
        if (reader->error_message[0] != '\0') return -1;
        xmlSetGenericErrorFunc(reader, cairn_xml_generic_error);
        int status = xmlTextReaderRead(reader->reader);
        if (reader->error_message[0] != '\0') {
            if (reader->error_line == 0) reader->error_line = xmlTextReaderGetParserLineNumber(reader->reader);
            return -1;
        }
        if (status == 0) return reader->error_message[0] != '\0' ? -1 : 0;
        if (status != 1) {
            if (reader->error_message[0] == '\0') {
                reader->error_line = xmlTextReaderGetParserLineNumber(reader->reader);
                reader->error_column = xmlTextReaderGetParserColumnNumber(reader->reader);
                strcpy(reader->error_message, "the XML is not well-formed");
            }
            return -1;
        }
        int type = xmlTextReaderNodeType(reader->reader);
        if (type == XML_READER_TYPE_ELEMENT) return 1;
        if (type == XML_READER_TYPE_END_ELEMENT) return 2;
    }
}

const char *cairn_xml_name(cairn_xml_reader *reader) {
    const xmlChar *name = xmlTextReaderConstLocalName(reader->reader);
    return name ? (const char *)name : "";
}

int cairn_xml_line(cairn_xml_reader *reader) { return xmlTextReaderGetParserLineNumber(reader->reader); }

int cairn_xml_is_empty(cairn_xml_reader *reader) { return xmlTextReaderIsEmptyElement(reader->reader) == 1; }

int cairn_xml_next_attribute(cairn_xml_reader *reader) {
    if (xmlTextReaderMoveToNextAttribute(reader->reader) == 1) return 1;
    xmlTextReaderMoveToElement(reader->reader);
    return 0;
}

const char *cairn_xml_attribute_name(cairn_xml_reader *reader) { return cairn_xml_name(reader); }

const char *cairn_xml_attribute_value(cairn_xml_reader *reader) {
    const xmlChar *value = xmlTextReaderConstValue(reader->reader);
    return value ? (const char *)value : "";
}

int cairn_xml_failed(cairn_xml_reader *reader) {
    if (reader->error_message[0] == '\0') return 0;
    if (reader->error_line == 0) reader->error_line = xmlTextReaderGetParserLineNumber(reader->reader);
    return 1;
}

int cairn_xml_error_line(cairn_xml_reader *reader) { return reader->error_line; }
int cairn_xml_error_column(cairn_xml_reader *reader) { return reader->error_column; }
const char *cairn_xml_error_message(cairn_xml_reader *reader) { return reader->error_message; }
