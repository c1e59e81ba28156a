/// Small repairs of cmark-gfm's HTML that screen readers and validators ask for.
enum AccessibleMarkup {
    /// A task item's checkbox gets its text as its label: `<li><label><input …> text</label>`,
    /// so "call the landlord, checkbox, not checked" is read instead of "checkbox". The label
    /// ends where the item's first line of inline text ends (before a nested list or `</li>`).
    static func labelTaskItems(_ html: String) -> String {
        guard html.contains("type=\"checkbox\"") else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count + 256)
        var rest = Substring(html)
        while let start = rest.range(of: "<li><input type=\"checkbox\"") {
            out += rest[..<start.lowerBound]
            let item = rest[start.upperBound...]
            guard let inputEnd = item.range(of: "/>") else { break }
            let afterInput = item[inputEnd.upperBound...]
            let ends = [afterInput.range(of: "</li>")?.lowerBound, afterInput.range(of: "\n<")?.lowerBound].compactMap { $0 }
            guard let end = ends.min() else { break }
            out += "<li><label><input type=\"checkbox\"" + item[..<inputEnd.upperBound] + afterInput[..<end] + "</label>"
            rest = afterInput[end...]
        }
        out += rest
        return out
    }

    /// An excerpt shown on a list page links to no footnote (the notes are on the entry's page),
    /// and repeated `fnref` ids would clash there: footnote references are taken out.
    static func removeFootnoteReferences(_ html: String) -> String {
        guard html.contains("<sup class=\"footnote-ref\">") else { return html }
        var out = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<sup class=\"footnote-ref\">") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "</sup>") else { rest = rest[start.upperBound...]; break }
            rest = rest[end.upperBound...]
        }
        out += rest
        return out
    }
}
