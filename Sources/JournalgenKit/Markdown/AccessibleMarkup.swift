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
        var copy = html
        var rewriting = Rewriting()
        copy.withUTF8 { body($0, &rewriting) }
        return rewriting.text(from: html)
    }

    /// A text made of the parts of another and a few new ones. Joined as strings, not as bytes:
    /// bytes made into a string are checked again one by one (ten instructions a byte over
    /// every entry with a task list), and the parts, cut at tags, are whole characters already.
    private struct Rewriting {
        private enum Part { case kept(Range<Int>), inserted(String) }
        private var parts: [Part] = []

        mutating func keep(_ range: Range<Int>) { if !range.isEmpty { parts.append(.kept(range)) } }
        mutating func insert(_ text: String) { parts.append(.inserted(text)) }

        func text(from source: String) -> String {
            let utf8 = source.utf8
            var out = ""
            // The exact size: the text is kept for the whole build.
            out.reserveCapacity(parts.reduce(0) { total, part in
                switch part {
                case .kept(let range): total + range.count
                case .inserted(let text): total + text.utf8.count
                }
            })
            for part in parts {
                switch part {
                case .kept(let range):
                    out += source[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
                case .inserted(let text):
                    out += text
                }
            }
            return out
        }
    }
}
