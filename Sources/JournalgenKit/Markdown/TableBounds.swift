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
        // A delimiter row has a pipe: most entries have none, and splitting them into lines
        // cost 3 % of a 10k-entry build's CPU.
        guard body.containsByte(UInt8(ascii: "|")) else { return nil }
        let lines = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var index = 1
        while index < lines.count {
            defer { index += 1 }
            guard let columns = delimiterColumns(lines[index]) else { continue }
            var rows = 1
            var next = index + 1
            while next < lines.count, !lines[next].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                rows += 1
                next += 1
            }
            if columns > maximumColumns || columns * rows > maximumCells {
                return Excess(line: index + 1, columns: columns, rows: rows)
            }
            index = next - 1
        }
        return nil
    }

    /// The number of cells of a delimiter row (`|---|:--:|`), nil for any other line.
    static func delimiterColumns(_ line: Substring.UTF8View) -> Int? {
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
