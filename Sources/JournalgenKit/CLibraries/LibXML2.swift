import CLibXML2
import Foundation

/// A parsed HTML or XML document, queried with XPath. The only code that talks to libxml2:
/// results are copied into Swift strings and the document is freed when this object goes.
public final class MarkupDocument {
    public struct Problem: Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var code: Int
        public var description: String { "line \(line): \(message)" }
    }

    private let document: xmlDocPtr
    /// Errors libxml2 reported while parsing (for HTML: leaving out unknown HTML5 element names,
    /// which libxml2's HTML4 parser does not know, such as <article> or <nav>).
    public private(set) var problems: [Problem] = []

    /// libxml2's globals (encoding handlers, the parser's tables) must be set up once before
    /// threads use it; a static is initialised once, and every other thread waits for it. The
    /// writer of feeds and sitemaps needs it too: two of them starting at once crashed a build.
    static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// HTML element names of HTML5 that libxml2 2.9's HTML parser reports as unknown.
    static let html5Elements: Set<String> = [
        "article", "aside", "figcaption", "figure", "footer", "header", "main", "mark", "nav",
        "section", "time", "video", "audio", "source", "picture", "svg", "path", "details", "summary",
        "template", "data", "meter", "progress", "output", "dialog", "search", "g", "circle", "line",
        "polyline", "polygon", "rect", "text", "tspan", "title", "desc", "defs", "use", "symbol",
    ]

    public enum Kind { case html, xml }

    public init?(data: Data, kind: Kind = .html) {
        _ = Self.initialised
        final class Collector { var problems: [Problem] = [] }
        let collector = Collector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        xmlSetStructuredErrorFunc(context) { context, error in
            guard let context, let error else { return }
            let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            collector.problems.append(Problem(line: Int(error.pointee.line), message: message, code: Int(error.pointee.code)))
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let parsed: xmlDocPtr? = data.withUnsafeBytes { buffer in
            let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
            switch kind {
            case .html:
                return htmlReadMemory(base, Int32(buffer.count), "page.html", "UTF-8",
                                      Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue))
            case .xml:
                return xmlReadMemory(base, Int32(buffer.count), "doc.xml", "UTF-8", Int32(XML_PARSE_NONET.rawValue))
            }
        }
        guard let parsed else { return nil }
        document = parsed
        problems = collector.problems.filter { problem in
            // "Tag nav invalid": an HTML5 element, not an error in the page.
            guard kind == .html, problem.code == Int(XML_HTML_UNKNOWN_TAG.rawValue) else { return true }
            let name = problem.message.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            return !Self.html5Elements.contains(name)
        }
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The text content of every node the expression selects (attributes give their value).
    public func strings(_ xpath: String) -> [String] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        guard let result = xmlXPathEvalExpression(xpath, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        var out: [String] = []
        for i in 0..<Int(set.pointee.nodeNr) {
            guard let node = set.pointee.nodeTab[i], let content = xmlNodeGetContent(node) else {
                out.append("")
                continue
            }
            out.append(String(cString: content))
            cxml_free(content)
        }
        return out
    }

    /// An element the expression selected, copied out of libxml2: its attributes and its line.
    public struct Element: Sendable {
        public var name: String
        public var line: Int
        public var attributes: [String: String]
    }

    public func elements(_ xpath: String) -> [Element] {
        guard let context = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(context) }
        guard let result = xmlXPathEvalExpression(xpath, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        var out: [Element] = []
        out.reserveCapacity(Int(set.pointee.nodeNr))
        for i in 0..<Int(set.pointee.nodeNr) {
            guard let node = set.pointee.nodeTab[i], node.pointee.type == XML_ELEMENT_NODE else { continue }
            var attributes: [String: String] = [:]
            var property = node.pointee.properties
            while let p = property {
                if let name = p.pointee.name, let value = xmlNodeGetContent(UnsafeMutableRawPointer(p).assumingMemoryBound(to: xmlNode.self)) {
                    attributes[String(cString: name)] = String(cString: value)
                    cxml_free(value)
                }
                property = p.pointee.next
            }
            out.append(Element(name: node.pointee.name.map { String(cString: $0) } ?? "", line: Int(xmlGetLineNo(node)), attributes: attributes))
        }
        return out
    }

    public func count(_ xpath: String) -> Int { strings(xpath).count }

    public func string(_ xpath: String) -> String? { strings(xpath).first }
}
