import CLibXML2
import Foundation

/// Writes an XML document with libxml2's xmlTextWriter, which escapes text and attribute values
/// and checks that elements nest. Owns its writer and buffer and frees both.
final class XMLWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    init(indent: Bool = true) {
        _ = MarkupDocument.initialised
        buffer = xmlBufferCreate()
        writer = xmlNewTextWriterMemory(buffer, 0)
        if indent {
            xmlTextWriterSetIndent(writer, 1)
            xmlTextWriterSetIndentString(writer, "  ")
        }
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    /// `<name attributes…>` with the body written by `content`, then `</name>`.
    func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], content: () -> Void = {}) {
        cxml_start_element(writer, name)
        for (key, value) in attributes { cxml_attribute(writer, key, Self.allowed(value)) }
        content()
        xmlTextWriterEndElement(writer)
    }

    /// `<name>text</name>`.
    func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text: String) {
        element(name, attributes) { self.text(text) }
    }

    func text(_ text: String) {
        cxml_string(writer, Self.allowed(text))
    }

    /// `text` without the characters XML 1.0 forbids (controls other than tab and line breaks,
    /// U+FFFE, U+FFFF), which escaping cannot express: a title with a stray U+000B would
    /// otherwise make the whole feed unreadable.
    static func allowed(_ text: String) -> String {
        func forbidden(_ v: UInt32) -> Bool { (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF }
        guard text.unicodeScalars.contains(where: { forbidden($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.filter { !forbidden($0.value) })
        return String(out)
    }

    /// The finished document.
    func finish() -> Data {
        xmlTextWriterEndDocument(writer)
        xmlTextWriterFlush(writer)
        guard let content = cxml_buffer_content(buffer) else { return Data() }
        return Data(bytes: content, count: Int(xmlBufferLength(buffer)))
    }
}
