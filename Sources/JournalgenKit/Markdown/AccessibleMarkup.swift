import Foundation

/// Small repairs of cmark-gfm's HTML that screen readers and validators ask for. They work on
/// UTF-8 bytes: they run over every entry of a journal.
enum AccessibleMarkup {
    /// A task item's checkbox gets its text as its label: `<li><label><input …> text</label>`,
    /// so "call the landlord, checkbox, not checked" is read instead of "checkbox". The label
    /// ends where the item's first line of inline text ends (before a nested list or `</li>`).
    /// In a loose list (items apart by blank lines) cmark-gfm puts the text in a paragraph after
    /// the checkbox: the checkbox then goes into the paragraph, labelled by all of it, as GitHub
    /// shows such a list (`<li><p><label><input …> text</label></p>`); a label ending at the
    /// paragraph's line held the checkbox alone. An item CmarkGFM marked with `taskAnchorMarker`
    /// gets the marker's id on its `<li>`, so the tasks page can link to it.
    static func labelTaskItems(_ html: String) -> String {
        let start = Array(taskItem.utf8), inputEnd = Array("/>".utf8), markerEnd = Array("-->".utf8)
        let paragraphEnd = Array("</p>".utf8)
        // The first item, found once: the text is rewritten from it, or left as it is.
        guard let first = html.withUTF8Bytes({ ByteSearch.find(start, in: $0, from: 0) }) else { return html }
        return rewrite(html) { bytes, out in
            var at = 0
            var next: Int? = first
            while let item = next,
                  let input = ByteSearch.findRare(inputEnd, in: bytes, from: item) {
                let textStart = input + inputEnd.count
                let parts = ItemParts(in: bytes, from: textStart)
                // The text ends at a nested list's line, else at the item's end.
                guard let end = parts.lineEnd ?? parts.itemClose else { break }
                out.keep(at..<item)
                let itemBound = min(parts.itemClose ?? bytes.count, parts.nextItem ?? bytes.count)
                // The marker (`<!--task:id-->`), which the label leaves out.
                var marker: Range<Int>?
                if let found = parts.marker, found < itemBound,
                   let close = ByteSearch.findRare(markerEnd, in: bytes, from: found) {
                    marker = found..<(close + markerEnd.count)
                    out.insert("<li id=\"")
                    out.keep((found + markerStart.count)..<close)
                    out.insert("\">")
                } else {
                    out.insert("<li>")
                }
                func keep(_ range: Range<Int>) {
                    guard let marker, range.contains(marker.lowerBound), marker.upperBound <= range.upperBound else { return out.keep(range) }
                    out.keep(range.lowerBound..<marker.lowerBound)
                    out.keep(marker.upperBound..<range.upperBound)
                }
                let checkbox = (item + 4)..<textStart
                // A loose item's text: a paragraph on the line after its checkbox.
                if Self.isBlank(bytes, textStart..<end), Self.starts("\n<p>", in: bytes, at: end),
                   let close = ByteSearch.find(paragraphEnd, in: bytes, from: end + 4, before: parts.itemClose) {
                    out.insert("\n<p><label>")
                    out.keep(checkbox)
                    out.keep(textStart..<end)
                    keep((end + 4)..<close)
                    out.insert("</label>")
                    at = close
                } else {
                    out.insert("<label>")
                    keep(checkbox.lowerBound..<end)
                    out.insert("</label>")
                    at = end
                }
                next = ByteSearch.find(start, in: bytes, from: at)
            }
            out.keep(at..<bytes.count)
        }
    }

    /// Only spaces and tabs.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
    }

    /// Whether `text` is in `bytes` at `offset`.
    private static func starts(_ text: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset + text.utf8CodeUnitCount <= bytes.count && memcmp(bytes.baseAddress! + offset, text.utf8Start, text.utf8CodeUnitCount) == 0
    }

    private static let markerStart: [UInt8] = Array("<!--task:".utf8)

    /// Where a task item's parts are, found in one pass over its text from one `<` to the next,
    /// up to the item's `</li>`: each searched for apart (a `memmem` call each, seven an item)
    /// was 1 % of a 10k first build's instructions. Searches stop where the item does: searching
    /// on to the end of the text for each item made a text's task list cost the square of its
    /// length.
    private struct ItemParts {
        /// The item's `</li>` (nil: none follows).
        var itemClose: Int?
        /// The first line break followed by a tag (a nested list's) at or before `itemClose`.
        var lineEnd: Int?
        /// The first `<li` before `itemClose` (a nested item).
        var nextItem: Int?
        /// The first task marker before `itemClose`.
        var marker: Int?

        init(in bytes: UnsafeBufferPointer<UInt8>, from textStart: Int) {
            guard let base = bytes.baseAddress else { return }
            func starts(_ text: StaticString, at offset: Int) -> Bool { AccessibleMarkup.starts(text, in: bytes, at: offset) }
            var from = textStart
            while from < bytes.count, let hit = memchr(base + from, 0x3C, bytes.count - from) {
                let tag = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = tag + 1
                if lineEnd == nil, tag > textStart, bytes[tag - 1] == 0x0A { lineEnd = tag - 1 }
                if starts("</li>", at: tag) {
                    itemClose = tag
                    return
                }
                if nextItem == nil, starts("<li", at: tag) { nextItem = tag }
                if marker == nil, starts("<!--task:", at: tag) { marker = tag }
            }
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
