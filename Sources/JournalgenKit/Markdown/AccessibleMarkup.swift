/// Small repairs of cmark-gfm's HTML that screen readers and validators ask for. They work on
/// UTF-8 bytes: they run over every entry of a journal.
enum AccessibleMarkup {
    /// A task item's checkbox gets its text as its label: `<li><label><input …> text</label>`,
    /// so "call the landlord, checkbox, not checked" is read instead of "checkbox". The label
    /// ends where the item's first line of inline text ends (before a nested list or `</li>`).
    /// An item CmarkGFM marked with `taskAnchorMarker` gets the marker's id on its `<li>`, so the
    /// tasks page can link to it.
    static func labelTaskItems(_ html: String) -> String {
        guard html.containsBytes(taskItem) else { return html }
        let start = Array(taskItem.utf8), inputEnd = Array("/>".utf8), itemEnd = Array("</li>".utf8), nested = Array("\n<".utf8)
        let markerStart = Array("<!--task:".utf8), markerEnd = Array("-->".utf8), itemStart = Array("<li".utf8)
        // Searches stop where the item does: searching on to the end of the text for each item
        // made a text's task list cost the square of its length.
        return rewrite(html) { bytes, out in
            var at = 0
            while let item = ByteSearch.find(start, in: bytes, from: at),
                  let input = ByteSearch.find(inputEnd, in: bytes, from: item) {
                let textStart = input + inputEnd.count
                // In a loose list the text, and the marker, are in a <p> after the checkbox.
                let itemClose = ByteSearch.find(itemEnd, in: bytes, from: textStart)
                // The text ends at a nested list's line, else at the item's end (found only before it).
                let lineEnd = ByteSearch.find(nested, in: bytes, from: textStart, before: itemClose.map { $0 + nested.count })
                guard let end = lineEnd ?? itemClose else { break }
                out.keep(at..<item)
                let nextItem = ByteSearch.find(itemStart, in: bytes, from: textStart, before: itemClose.map { $0 + itemStart.count }) ?? bytes.count
                let itemBound = min(itemClose ?? bytes.count, nextItem)
                if let marker = ByteSearch.find(markerStart, in: bytes, from: textStart, before: itemBound + markerStart.count - 1), marker < itemBound,
                   let close = ByteSearch.find(markerEnd, in: bytes, from: marker) {
                    out.insert("<li id=\"")
                    out.keep((marker + markerStart.count)..<close)
                    out.insert("\"><label>")
                    if marker < end {
                        out.keep((item + 4)..<marker)
                        out.keep((close + markerEnd.count)..<end)
                    } else {
                        out.keep((item + 4)..<end)
                    }
                } else {
                    out.insert("<li><label>")
                    out.keep((item + 4)..<end)
                }
                out.insert("</label>")
                at = end
            }
            out.keep(at..<bytes.count)
        }
    }

    /// An excerpt shown on a list page links to no footnote (the notes are on the entry's page),
    /// and repeated `fnref` ids would clash there: footnote references are taken out.
    static func removeFootnoteReferences(_ html: String) -> String {
        guard html.containsBytes(footnoteReference) else { return html }
        let start = Array(footnoteReference.utf8), close = Array("</sup>".utf8)
        return rewrite(html) { bytes, out in
            var at = 0
            while let ref = ByteSearch.find(start, in: bytes, from: at), let end = ByteSearch.find(close, in: bytes, from: ref) {
                out.keep(at..<ref)
                at = end + close.count
            }
            out.keep(at..<bytes.count)
        }
    }

    /// Written by CmarkGFM at the start of a task item's text; the id is a slug (no quotes).
    static func taskAnchorMarker(_ id: String) -> String { "<!--task:\(id)-->" }

    static let taskItem = "<li><input type=\"checkbox\""
    static let footnoteReference = "<sup class=\"footnote-ref\">"

    /// The text again, as `body` lists it: parts of the text kept and new text put in.
    private static func rewrite(_ html: String, _ body: (UnsafeBufferPointer<UInt8>, inout Rewriting) -> Void) -> String {
        return html.withUTF8Bytes { bytes in
            var rewriting = Rewriting(source: bytes)
            body(bytes, &rewriting)
            return rewriting.text
        }
    }

    /// A text made of the parts of another and a few new ones, joined as bytes and made a
    /// String once, without a second check: the parts, cut at tags, are whole characters. Joined
    /// as strings, each part cost about 400 instructions beyond its copy (1 % of a 10k first
    /// build's, most entries with a task list having dozens of parts).
    private struct Rewriting {
        private let source: UnsafeBufferPointer<UInt8>
        private var bytes: [UInt8] = []

        init(source: UnsafeBufferPointer<UInt8>) {
            self.source = source
            bytes.reserveCapacity(source.count + 256)
        }

        mutating func keep(_ range: Range<Int>) { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[range])) }
        mutating func insert(_ text: String) { bytes.append(utf8Of: text) }

        var text: String { bytes.withUnsafeBufferPointer { TextDecoding.trusted($0, from: "AccessibleMarkup") } }
    }
}
