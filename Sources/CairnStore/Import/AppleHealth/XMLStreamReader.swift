import CXMLReader

/// An XML file read as a stream of element starts and ends with libxml2's xmlTextReader (through
/// CXMLReader): a pull parser that holds one node at a time, so memory stays flat whatever the
/// file's size. Entities are not substituted and nothing is fetched from the network; a document
/// that is not well-formed stops the stream with libxml2's line, column and message.
final class XMLStreamReader {
    enum Event {
        /// An element's start, its attributes, the line it starts on, and whether it is empty
        /// (`<a/>`: no end event follows).
        case start(name: String, attributes: [String: String], line: Int, isEmpty: Bool)
        case end(name: String)
    }

    /// Where the document stopped being well-formed.
    struct Malformed: Error {
        let line: Int
        let column: Int
        let message: String
    }

    private let reader: OpaquePointer

    init?(path: String) {
        guard let reader = cairn_xml_open(path) else { return nil }
        self.reader = reader
    }

    deinit {
        cairn_xml_close(reader)
    }

    /// The next element start or end; nil at the end of the document.
    func next() throws(Malformed) -> Event? {
        switch cairn_xml_next(reader) {
        case 0:
            return nil
        case 1:
            let name = String(cString: cairn_xml_name(reader))
            let line = Int(cairn_xml_line(reader))
            let isEmpty = cairn_xml_is_empty(reader) == 1
            var attributes: [String: String] = [:]
            while cairn_xml_next_attribute(reader) == 1 {
                attributes[String(cString: cairn_xml_attribute_name(reader))] = String(cString: cairn_xml_attribute_value(reader))
            }
            // A value libxml2 could not build (past its size limit) fails the file, not the value.
            if cairn_xml_failed(reader) == 1 {
                throw Malformed(line: Int(cairn_xml_error_line(reader)), column: Int(cairn_xml_error_column(reader)),
                                message: String(cString: cairn_xml_error_message(reader)))
            }
            return .start(name: name, attributes: attributes, line: line, isEmpty: isEmpty)
        case 2:
            return .end(name: String(cString: cairn_xml_name(reader)))
        default:
            throw Malformed(line: Int(cairn_xml_error_line(reader)), column: Int(cairn_xml_error_column(reader)),
                            message: String(cString: cairn_xml_error_message(reader)))
        }
    }
}
