/// A long list (a tag's entries, the photos, the mood log) cut into pages, newest first, so that
/// no page grows with the journal: a reader opening `/photos/` of a twenty-year diary gets one
/// page of a few hundred photos, not 8 MB. Pages are cut between months where the limit allows,
/// so a month is seldom split and each page can be named by the months it holds.
public struct PageSplit: Sendable {
    /// The items of each page, as positions in the list.
    public var parts: [Range<Int>]
    /// The first and last month of each page, `(year, month)`, newest first.
    public var spans: [(first: YearMonth, last: YearMonth)]

    public struct YearMonth: Sendable, Equatable {
        public var year: Int
        public var month: Int
    }

    /// `months` has one element per item, in the list's order (newest first). Every page holds at
    /// most `limit` items; a month larger than that is the only case that splits a month.
    public init(months: [YearMonth], limit: Int) {
        let limit = max(1, limit)
        var parts: [Range<Int>] = []
        var start = 0, index = 0
        while index < months.count {
            var end = index
            while end < months.count && months[end] == months[index] { end += 1 }
            // [index, end) is one month. Close the page before it if the month would overflow it.
            if end - start > limit && index > start {
                parts.append(start..<index)
                start = index
            }
            while end - start > limit {
                parts.append(start..<(start + limit))
                start += limit
            }
            index = end
        }
        if start < months.count || parts.isEmpty { parts.append(start..<months.count) }
        self.parts = parts
        self.spans = parts.map { part in
            part.isEmpty ? (YearMonth(year: 0, month: 0), YearMonth(year: 0, month: 0)) : (months[part.lowerBound], months[part.upperBound - 1])
        }
    }

    public var count: Int { parts.count }

    /// `base` for the first page, `base` + `page/N/` for the others, as the home page does.
    public static func path(_ base: String, page: Int) -> String { page <= 1 ? base : base + "page/\(page)/" }
}

extension PageSplit.YearMonth {
    init(_ day: CalendarDay) { self.init(year: day.year, month: day.month) }
}
