/// The mood timeline of one year as inline SVG: every mood (entries and mood-log lines) as a dot
/// at its day and level, and a 7-day rolling average as a line. Levels are rows labelled with
/// their names, so the chart reads without colour; `<title>`, `<desc>` and a table of monthly
/// averages are its text alternative.
struct MoodTimelineChart {
    var history: MoodHistory
    var year: Int
    var localization: Localization = .english
    /// Before the chart's ids, when several people's charts share a page.
    var idPrefix = ""

    /// The chart is drawn twice, at the sizes it is shown at, so its text is never scaled down:
    /// 760 units for a desktop column, 300 for a phone (its 12-unit text is 11.5 px or more on
    /// screens from 320 px up), where months are labelled every quarter.
    struct Size {
        var width: Double, left: Double, rowHeight: Double, font: Double, dot: Double, monthStep: Int, suffix: String, cssClass: String
        static let desktop = Size(width: 760, left: 78, rowHeight: 26, font: 11, dot: 6, monthStep: 1, suffix: "", cssClass: "desktop-only")
        static let phone = Size(width: 300, left: 66, rowHeight: 30, font: 12, dot: 5, monthStep: 3, suffix: "-phone", cssClass: "phone-only")
    }

    static let right = 8.0
    static let top = 10.0
    static let bottom = 24.0
    static let window = 7

    /// Both sizes; the stylesheet shows the one that fits. `moods`: the year's (`yearPositions`),
    /// found once for the chart and its table.
    func render(moods: [Int]) -> String { render(.desktop, moods: moods) + render(.phone, moods: moods) }

    /// `moods`: the year's moods (`yearPositions`).
    func render(_ size: Size, moods: [Int]) -> String {
        let scale = history.scale
        let levels = scale.levels.count
        let plotWidth = size.width - size.left - Self.right
        let height = Self.top + Double(levels - 1) * size.rowHeight + Self.bottom + 8
        let first = CalendarDay(year: year, month: 1, day: 1).daysSinceEpoch
        let daysInYear = CalendarDay(year: year + 1, month: 1, day: 1).daysSinceEpoch - first
        func x(_ day: CalendarDay) -> Double { size.left + (Double(day.daysSinceEpoch - first) + 0.5) * plotWidth / Double(daysInYear) }
        func y(_ score: Double) -> Double { Self.top + (Double(levels) - score) * size.rowHeight }

        let points = history.points
        var svg = ""
        svg.reserveCapacity(2000 + moods.count * 14)
        let id = "\(idPrefix)timeline-\(year)\(size.suffix)"
        svg += "<svg class=\"chart timeline \(size.cssClass)\" viewBox=\"0 0 \(SVGText.number(size.width)) \(SVGText.number(height))\" style=\"--font: \(SVGText.number(size.font))px\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">"
        svg += "<title id=\"\(id)-t\">\(SVGText.escape(localization.text("moodTimeline"))), \(year)</title><desc id=\"\(id)-d\">\(SVGText.escape(description(moods)))</desc>"
        // Rows: one line and one label per level, best at the top.
        for level in scale.levels {
            let ly = SVGText.number(y(Double(level.score)))
            svg += "<line class=\"grid\" x1=\"\(SVGText.number(size.left))\" x2=\"\(SVGText.number(size.width - Self.right))\" y1=\"\(ly)\" y2=\"\(ly)\"/>"
            svg += "<text class=\"label\" x=\"\(SVGText.number(size.left - 6))\" y=\"\(SVGText.number(y(Double(level.score)) + 4))\" text-anchor=\"end\">\(SVGText.escape(level.label))</text>"
        }
        // Month ticks along the bottom.
        let baseY = y(1) + 8
        for month in 1...12 {
            let mx = x(CalendarDay(year: year, month: month, day: 1)) - 0.5 * plotWidth / Double(daysInYear)
            svg += "<line class=\"tick\" x1=\"\(SVGText.number(mx))\" x2=\"\(SVGText.number(mx))\" y1=\"\(SVGText.number(Self.top - 4))\" y2=\"\(SVGText.number(baseY))\"/>"
            if (month - 1) % size.monthStep == 0 {
                svg += "<text class=\"month\" x=\"\(SVGText.number(mx + 3))\" y=\"\(SVGText.number(baseY + 13))\">\(SVGText.escape(localization.shortMonthName(month)))</text>"
            }
        }
        // Dots: one path per level (a zero-length segment per mood, drawn round by the stroke).
        // The dots and the line are written as bytes: a string for each number and each point
        // was most of the chart's work (54 charts of up to 2,000 moods each in a 10k build).
        // Each level's path is made in one pass over the moods (a pass for each level copied
        // every mood once per level).
        var scores: [Int] = [], paths: [[UInt8]] = []
        for index in moods {
            let score = points[index].level.score
            var bucket = scores.count
            if let found = scores.firstIndex(of: score) {
                bucket = found
            } else {
                scores.append(score)
                paths.append([])
            }
            paths[bucket].append(UInt8(ascii: "M"))
            SVGText.append(x(points[index].date.day), to: &paths[bucket])
            paths[bucket].append(UInt8(ascii: " "))
            SVGText.append(y(Double(score)), to: &paths[bucket])
            paths[bucket].append(UInt8(ascii: "h"))
            paths[bucket].append(UInt8(ascii: "0"))
        }
        for level in scale.levels {
            guard let bucket = scores.firstIndex(of: level.score) else { continue }
            let d = paths[bucket]
            svg += "<path class=\"dots\" stroke=\"\(SVGText.escape(level.colour))\" stroke-width=\"\(SVGText.number(size.dot))\" d=\""
            svg += String(decoding: d, as: UTF8.self) + "\"/>"
        }
        // Rolling average over the last `window` days, at each day that has a mood.
        var line: [UInt8] = []
        var linePoints = 0
        var windowStart = 0
        var sum = 0
        var end = 0
        var lastDay: CalendarDay?
        while end < moods.count {
            let day = points[moods[end]].date.day
            while end < moods.count, points[moods[end]].date.day == day { sum += points[moods[end]].level.score; end += 1 }
            while points[moods[windowStart]].date.day.daysSinceEpoch <= day.daysSinceEpoch - Self.window {
                sum -= points[moods[windowStart]].level.score
                windowStart += 1
            }
            if lastDay != day {
                if linePoints > 0 { line.append(UInt8(ascii: " ")) }
                SVGText.append(x(day), to: &line)
                line.append(UInt8(ascii: ","))
                SVGText.append(y(Double(sum) / Double(end - windowStart)), to: &line)
                linePoints += 1
                lastDay = day
            }
        }
        if linePoints > 1 { svg += "<polyline class=\"average\" points=\"" + String(decoding: line, as: UTF8.self) + "\"/>" }
        svg += "</svg>"
        return svg
    }

    /// The year's moods, as places in `history.points`: the chart and its table read them by
    /// place (copied out, 27,000 moods of 170 bytes were filtered three times a year).
    var yearPositions: [Int] { history.points.indices.filter { history.points[$0].date.day.year == year } }

    /// `positions`: the year's moods (`yearPositions`).
    func description(_ positions: [Int]) -> String {
        let l = localization, points = history.points
        guard let first = positions.first, let last = positions.last else { return l.text("timelineEmpty", ["year": String(year)]) }
        let average = Double(positions.reduce(0) { $0 + points[$1].level.score }) / Double(positions.count)
        var text = l.text("timelineSummary", [
            "moods": l.counted("moodCount", positions.count) ?? String(positions.count),
            "first": l.longDate(points[first].date.day), "last": l.longDate(points[last].date.day),
            "average": l.decimal(average), "level": history.level(forAverage: average).label,
        ])
        let months = monthlyAverages(positions)
        if months.count > 1, let best = months.max(by: { $0.average < $1.average }), let worst = months.min(by: { $0.average < $1.average }) {
            text += " " + l.text("timelineBestWorst", [
                "best": l.monthName(best.month), "bestAverage": l.decimal(best.average),
                "worst": l.monthName(worst.month), "worstAverage": l.decimal(worst.average),
            ])
        }
        return text + " " + l.text("timelineLine")
    }

    struct MonthAverage {
        var month: Int
        var count: Int
        var average: Double
    }

    func monthlyAverages(_ positions: [Int]) -> [MonthAverage] {
        var sums = [Int](repeating: 0, count: 13), counts = [Int](repeating: 0, count: 13)
        for index in positions {
            let month = history.points[index].date.day.month
            sums[month] += history.points[index].level.score
            counts[month] += 1
        }
        return (1...12).compactMap { counts[$0] == 0 ? nil : MonthAverage(month: $0, count: counts[$0], average: Double(sums[$0]) / Double(counts[$0])) }
    }

    /// The chart's data as a table, for readers who cannot see it. `moods`: as for `render`.
    func table(moods: [Int]) -> String {
        let l = localization
        var html = "<table class=\"chart-data\"><caption>\(SVGText.escape(l.text("monthlyAverage"))), \(year)</caption><thead><tr><th scope=\"col\">\(SVGText.escape(l.text("month")))</th><th scope=\"col\">\(SVGText.escape(l.text("moods")))</th><th scope=\"col\">\(SVGText.escape(l.text("average")))</th></tr></thead><tbody>"
        for month in monthlyAverages(moods) {
            html += "<tr><th scope=\"row\">\(l.monthName(month.month))</th><td>\(month.count)</td><td>\(l.decimal(month.average)) (\(SVGText.escape(history.level(forAverage: month.average).label)))</td></tr>"
        }
        return html + "</tbody></table>"
    }
}
