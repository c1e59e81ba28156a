/// A year in pixels, as Daylio draws it: a table of months by days, one cell a day, coloured by the
/// day's average mood and showing that level's score, so it reads without colour too. A day with
/// one entry links to it; a day with several links to the first of them on the month page.
struct YearInPixels {
    var history: MoodHistory
    var year: Int
    var links: SiteLinks
    var entries: [Entry]
    var localization: Localization = .english
    /// The words for a day of several moods, by average and count: a year has a few dozen of
    /// them, and filling in the sentence for each of its days was a third of a square's work.
    private let averageTexts = AverageTexts()

    private final class AverageTexts {
        var texts: [Pair: String] = [:]
        struct Pair: Hashable { var average: UInt64, moods: Int }
    }

    /// Months as rows for a desktop, and as columns (31 rows of days) for a phone, as Daylio
    /// shows it there; the stylesheet shows the one that fits. Each day's square is made once.
    func render() -> String {
        let cells = (1...12).map { month in (1...31).map { cell(month: month, day: $0) } }
        return desktop(cells) + phone(cells)
    }

    /// `cells[month - 1][day - 1]`.
    func phone(_ cells: [[String]]) -> String {
        var html = "<table class=\"pixels pixels-phone phone-only\"><caption>\(year): \(SVGText.escape(legendText))</caption>"
        html += "<thead><tr><th scope=\"col\"><span class=\"visually-hidden\">\(SVGText.escape(localization.text("day")))</span></th>"
        for month in 1...12 { html += "<th scope=\"col\">\(SVGText.escape(String(localization.shortMonthName(month).prefix(3))))</th>" }
        html += "</tr></thead><tbody>"
        for dayNumber in 1...31 {
            html += "<tr><th scope=\"row\">\(dayNumber)</th>"
            for month in 1...12 { html += cells[month - 1][dayNumber - 1] }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }

    func desktop(_ cells: [[String]]) -> String {
        var html = "<table class=\"pixels desktop-only\"><caption>\(SVGText.escape(localization.text("pixelsCaption", ["year": String(year), "legend": legendText])))</caption>"
        html += "<thead><tr><th scope=\"col\"><span class=\"visually-hidden\">\(SVGText.escape(localization.text("month")))</span></th>"
        for day in 1...31 { html += "<th scope=\"col\">\(day)</th>" }
        html += "</tr></thead><tbody>"
        for month in 1...12 {
            html += "<tr><th scope=\"row\">\(SVGText.escape(localization.shortMonthName(month)))</th>"
            for dayNumber in 1...31 { html += cells[month - 1][dayNumber - 1] }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }

    /// One day's square: empty past the month's end, blank without a mood.
    func cell(month: Int, day dayNumber: Int) -> String {
        guard dayNumber <= CalendarDay.daysIn(month: month, year: year) else { return "<td class=\"no-day\"></td>" }
        guard let day = history.day(CalendarDay(year: year, month: month, day: dayNumber)) else { return "<td></td>" }
        return cell(day)
    }

    var legendText: String {
        history.scale.levels.map { "\($0.score) \($0.label)" }.joined(separator: ", ")
    }

    /// Written as bytes: as an interpolation of a dozen strings, the year pages' 9,000 squares
    /// at 10k entries cost 23,000 instructions each, 1 % of a first build's.
    func cell(_ day: MoodHistory.Day) -> String {
        var title = localization.longDate(day.day)
        var level: MoodLevel?
        if let average = day.average {
            let found = history.level(forAverage: average)
            level = found
            title += ": "
            title += found.label
            if day.moodCount > 1 {
                title += " ("
                let pair = AverageTexts.Pair(average: average.bitPattern, moods: day.moodCount)
                if let known = averageTexts.texts[pair] {
                    title += known
                } else {
                    let text = localization.text("pixelAverage", [
                        "average": localization.decimal(average), "moods": localization.counted("moodCount", day.moodCount) ?? ""])
                    averageTexts.texts[pair] = text
                    title += text
                }
                title += ")"
            }
        }
        if !day.entries.isEmpty {
            title += day.entries.count == 1 ? ", “\(entries[day.entries[0]].title)”" : ", " + (localization.counted("entries", day.entries.count) ?? "")
        }
        var out: [UInt8] = []
        out.reserveCapacity(title.utf8.count + 192)
        out.append(utf8Of: "<td class=\"")
        if let level {
            out.append(utf8Of: "lv")
            ASCIIText.appendDigits(of: level.score, to: &out)
        } else {
            out.append(utf8Of: "lv-none")
        }
        out.append(UInt8(ascii: "\""))
        switch day.entries.count {
        case 0:
            out.append(utf8Of: " title=\"")
        case 1:
            out.append(utf8Of: "><a href=\"")
            out.append(utf8Of: links.href(entries[day.entries[0]].sitePath))
            out.append(utf8Of: "\" title=\"")
        default:
            let monthPath = "\(pad(day.day.year, 4))/\(pad(day.day.month, 2))/"
            out.append(utf8Of: "><a href=\"")
            out.append(utf8Of: links.href(monthPath))
            out.append(UInt8(ascii: "#"))
            out.append(utf8Of: SiteLinks.encode(SiteModel.anchor(entries[day.entries[0]])))
            out.append(utf8Of: "\" title=\"")
        }
        HTMLEscaping.escape(title, into: &out)
        out.append(utf8Of: "\">")
        if let level { ASCIIText.appendDigits(of: level.score, to: &out) } else { out.append(utf8Of: "·") }
        out.append(utf8Of: day.entries.isEmpty ? "</td>" : "</a></td>")
        return String(decoding: out, as: UTF8.self)
    }
}
