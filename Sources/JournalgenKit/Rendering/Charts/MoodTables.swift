import Foundation

/// The mood distribution and mood-by-tag charts as HTML tables with bars: the numbers are the
/// text, the bars only repeat them, and every bar carries its level's name.
struct MoodTables {
    var history: MoodHistory
    var links: SiteLinks
    var localization: Localization = .english

    /// A label, escaped for the table.
    private func t(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String { SVGText.escape(localization.text(key, values)) }

    /// Rows: each year and the whole journal; columns: each level's count and share, and a
    /// stacked bar of the shares.
    func distribution() -> String {
        let levels = history.scale.levels
        var html = "<table class=\"distribution\"><caption>\(t("distributionCaption"))</caption><thead><tr><th scope=\"col\">\(t("year"))</th>"
        for level in levels { html += "<th scope=\"col\">\(SVGText.escape(level.label))</th>" }
        html += "<th scope=\"col\">\(t("moods"))</th><th scope=\"col\" class=\"bar-column\">\(t("share"))</th></tr></thead><tbody>"
        for row in history.distributions {
            let total = row.total
            html += row.year == nil ? "<tr class=\"overall\"><th scope=\"row\">\(t("allYears"))</th>" : "<tr><th scope=\"row\">\(row.year!)</th>"
            for (i, _) in levels.enumerated() {
                html += "<td>\(row.counts[i]) <small>\(SVGText.share(row.counts[i], of: total))</small></td>"
            }
            html += "<td>\(total)</td><td class=\"bar-column\"><span class=\"stack\" aria-hidden=\"true\">"
            for (i, level) in levels.enumerated() where row.counts[i] > 0 {
                let width = SVGText.number(Double(row.counts[i]) * 100 / Double(total))
                html += "<span class=\"lv\(level.score)\" style=\"width: \(width)%\" title=\"\(SVGText.escape(level.label)): \(SVGText.share(row.counts[i], of: total))\"></span>"
            }
            html += "</span></td></tr>"
        }
        return html + "</tbody></table>"
    }

    /// Tags ordered by the average mood of their entries, with the difference from the journal's average.
    func byTag() -> String {
        guard !history.byTag.isEmpty else { return "" }
        let overall = history.average ?? 0
        let top = Double(history.scale.levels.count)
        var html = "<table class=\"by-tag\"><caption>\(t("byTagCaption", ["minimum": String(MoodHistory.minimumTagCount), "average": localization.decimal(overall)]))</caption>"
        html += "<thead><tr><th scope=\"col\">\(t("tag"))</th><th scope=\"col\">\(t("navEntries"))</th><th scope=\"col\">\(t("average"))</th><th scope=\"col\">\(t("againstAverage"))</th><th scope=\"col\" class=\"bar-column\">\(t("bar"))</th></tr></thead><tbody>"
        for tag in history.byTag {
            let level = history.level(forAverage: tag.average)
            let delta = tag.average - overall
            let deltaText = (delta >= 0.05 ? "+" : delta <= -0.05 ? "−" : "±") + localization.decimal(abs(delta))
            html += "<tr><th scope=\"row\"><a href=\"\(links.href("tags/\(SiteModel.tagSlug(tag.tag))/"))\">#\(SVGText.escape(tag.tag))</a></th>"
            html += "<td>\(tag.count)</td><td>\(localization.decimal(tag.average)) <small>\(SVGText.escape(level.label))</small></td>"
            html += "<td class=\"\(delta >= 0.05 ? "better" : delta <= -0.05 ? "worse" : "same")\">\(deltaText)</td>"
            html += "<td class=\"bar-column\"><span class=\"bar lv\(level.score)\" style=\"width: \(SVGText.number((tag.average - 1) * 100 / max(1, top - 1)))%\" aria-hidden=\"true\"></span></td></tr>"
        }
        return html + "</tbody></table>"
    }

    /// CSS classes `.lv1` … `.lvN` in the journal's own colours, with a readable text colour on each.
    static func levelStyle(_ scale: MoodScale) -> String {
        scale.levels.map { level in
            ".lv\(level.score),.pixels .lv\(level.score){--level:\(level.colour);background:\(level.colour);color:\(textColour(on: level.colour))}"
        }.joined()
    }

    /// Black or white, whichever reads better on `hex` (WCAG relative luminance).
    static func textColour(on hex: String) -> String {
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 else { return "#000" }
        func channel(_ i: Int) -> Double {
            let v = Double(Int(String(digits[i..<i + 2]), radix: 16) ?? 0) / 255
            return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
        return luminance > 0.179 ? "#000" : "#fff"
    }
}
