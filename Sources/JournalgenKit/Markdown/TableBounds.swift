/// The size of the GFM tables in a body, checked before cmark-gfm sees it. cmark-gfm 0.29.0.gfm.6
/// (Debian's) fills every short row up to the header's width, so a 20 KB body of a 3,000-column
/// header and 3,000 one-cell rows asks for nine million cells: half a minute and gigabytes.
/// (Later releases bound the cells they fill in; this is the same bound, with a message.)
enum TableBounds {
    /// Far beyond any table a journal holds (a year of days by a dozen columns is 4,000).
    static let maximumCells = 100_000
    static let maximumColumns = 1_000

    struct Excess {
        /// 1-based line of the table's delimiter row within the body.
        var line: Int
        var columns: Int
        var rows: Int
    }

    /// Reports the first table of `body` over the bounds as an error at its delimiter row
    /// (`bodyLine`: the file line the body starts on); true when every table is within them.
    static func check(_ body: String, bodyLine: Int, path: String, diagnostics: DiagnosticsEngine) -> Bool {
        guard let table = excess(in: body) else { return true }
        diagnostics.error("a table of \(table.columns) columns and \(table.rows) rows is larger than journalgen renders; expected at most \(maximumColumns) columns and \(maximumCells) cells",
                          at: SourceLocation(path: path, line: bodyLine + table.line - 1, column: 1))
        return false
    }

    /// The first table over the bounds, if any.
    static func excess(in body: String) -> Excess? {
        // A delimiter row has a pipe: most entries have none.
        guard body.containsByte(UInt8(ascii: "|")) else { return nil }
        return body.withUTF8Bytes { excess(in: $0) }
    }

    /// Line by line in place: splitting the text into lines first cost 4 % of loading.
    private static func excess(in bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
        // By memchr (`findRare`): a loop over each byte was most of this check's instructions
        // (0.5 % of a 10k first build's).
        let newline: [UInt8] = [0x0A]
        func lineEnd(from start: Int) -> Int {
            ByteSearch.findRare(newline, in: bytes, from: start) ?? bytes.count
        }
        func isBlank(_ start: Int, _ end: Int) -> Bool {
            UnsafeBufferPointer(rebasing: bytes[start..<end]).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }
        // The first line is never a delimiter row (a table's header comes before it).
        var start = lineEnd(from: 0) + 1
        var line = 1
        while start <= bytes.count {
            let end = lineEnd(from: start)
            // A delimiter row holds nothing but `|`, `-`, `:` and blanks: a line that starts
            // with anything else is passed over at once.
            var first = start
            while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 || bytes[first] == 0x0D { first += 1 }
            let candidate = first < end && (bytes[first] == UInt8(ascii: "|") || bytes[first] == UInt8(ascii: "-") || bytes[first] == UInt8(ascii: ":"))
            guard candidate, let columns = delimiterColumns(UnsafeBufferPointer(rebasing: bytes[start..<end])) else {
                start = end + 1
                line += 1
                continue
            }
            var rows = 1
            var next = end + 1
            var nextLine = line + 1
            while next <= bytes.count {
                let nextEnd = lineEnd(from: next)
                if isBlank(next, nextEnd) { break }
                rows += 1
                next = nextEnd + 1
                nextLine += 1
            }
            if columns > maximumColumns || columns * rows > maximumCells {
                return Excess(line: line + 1, columns: columns, rows: rows)
            }
            start = next
            line = nextLine
        }
        return nil
    }

    /// The number of cells of a delimiter row (`|---|:--:|`), nil for any other line.
    static func delimiterColumns(_ line: some Collection<UInt8>) -> Int? {
        var cells = 0, inCell = false, sawDash = false, pipes = 0
        for c in line {
            switch c {
            case UInt8(ascii: "|"):
                pipes += 1
                if inCell { guard sawDash else { return nil }; cells += 1 }
                inCell = false; sawDash = false
            case UInt8(ascii: "-"):
                inCell = true; sawDash = true
            case UInt8(ascii: ":"):
                inCell = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                continue
            default:
                return nil
            }
        }
        if inCell { guard sawDash else { return nil }; cells += 1 }
        return cells > 0 && (pipes > 0 || cells > 1) ? cells : nil
    }
}
