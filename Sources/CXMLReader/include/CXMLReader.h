#ifndef CAIRN_CXMLREADER_H
#define CAIRN_CXMLREADER_H
// A streaming XML reader over libxml2's xmlTextReader, behind an opaque handle: libxml2's
// headers bring ICU's, which must not meet Foundation's private copy of ICU in Swift.

typedef struct cairn_xml_reader cairn_xml_reader;

/// Opens a file; NULL when it cannot be opened. No entity substitution, no network.
cairn_xml_reader *cairn_xml_open(const char *path);
void cairn_xml_close(cairn_xml_reader *reader);

/// Advances to the next element start (1) or end (2); 0 at the end of the document, -1 when
/// the document is not well-formed (see the error accessors).
int cairn_xml_next(cairn_xml_reader *reader);
/// The current element's local name, its line, and whether it is empty (<a/>: no end follows).
const char *cairn_xml_name(cairn_xml_reader *reader);
int cairn_xml_line(cairn_xml_reader *reader);
int cairn_xml_is_empty(cairn_xml_reader *reader);
/// Moves to the element's next attribute (1), or back to the element when there is none (0).
int cairn_xml_next_attribute(cairn_xml_reader *reader);
const char *cairn_xml_attribute_name(cairn_xml_reader *reader);
const char *cairn_xml_attribute_value(cairn_xml_reader *reader);

/// Where and why the document stopped being well-formed.
int cairn_xml_error_line(cairn_xml_reader *reader);
int cairn_xml_error_column(cairn_xml_reader *reader);
const char *cairn_xml_error_message(cairn_xml_reader *reader);
// 1 when an error was recorded while the current element's attributes were read (a value past
// libxml2's size limit); the element is then not to be used.
int cairn_xml_failed(cairn_xml_reader *reader);
#endif
