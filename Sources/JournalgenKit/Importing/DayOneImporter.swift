import Foundation

/// Day One's JSON export, unpacked: one `NAME.json` per journal (`{"entries": [...]}`) beside
/// `photos/MD5.TYPE` and `videos/MD5.TYPE`. Each entry keeps its own time zone (`timeZone`), its
/// place, tags, weather (as `weather:` keys) and photos and videos, copied into its bundle folder
/// and put where the text had them. A starred entry gets the tag `starred` (Day One's star marks
/// a favourite, not an idea made real, so it does not go on the List of Glory).
public struct DayOneImporter: Sendable {
    public var context: ImportContext

    public init(context: ImportContext) { self.context = context }

    /// The journals of an unpacked export: its top-level `.json` files, in name order.
    static func journalFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.lowercased().hasSuffix(".json") }.sorted()
    }

    public func plan(folder: String, diagnostics: DiagnosticsEngine) -> ImportPlan {
        var plan = ImportPlan()
        let files = Self.journalFiles(in: folder)
        guard !files.isEmpty else {
            diagnostics.error("no journal in the export (no .json file at its top); expected Day One's JSON export, a .zip or its unpacked folder with Journal.json", at: context.at())
            return plan
        }
        for file in files {
            var local = context
            local.displayPath = context.displayPath + (context.displayPath.hasSuffix("/") ? "" : "/") + file
            guard let data = FileIO.read(folder + "/" + file) else {
                diagnostics.error("cannot read \(file)", at: local.at())
                continue
            }
            DayOneImporter(context: local).add(data, folder: folder, to: &plan, diagnostics: diagnostics)
        }
        return plan
    }

    func add(_ data: Data, folder: String, to plan: inout ImportPlan, diagnostics: DiagnosticsEngine) {
        let json = JSONReader(context: context, diagnostics: diagnostics)
        let root = JSONPath()
        guard let document = json.object(json.load(data), root), let entries = json.array(document["entries"], root.key("entries")) else { return }
        let parser = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for (index, value) in entries.enumerated() {
            let path = root.key("entries").index(index)
            guard let item = json.object(value, path),
                  let uuid = json.string(item["uuid"], path.key("uuid")),
                  let created = json.string(item["creationDate"], path.key("creationDate")) else { continue }
            guard let moment = parser.date(from: created) ?? fractional.date(from: created) else {
                diagnostics.error("\(path.key("creationDate")) is '\(created)'; expected an ISO 8601 time such as 2026-03-29T12:00:00Z", at: context.at())
                continue
            }
            var zone = context.config.timeZone
            if let name = json.string(item["timeZone"], path.key("timeZone"), optional: true) {
                if let found = TimeZone(identifier: name) { zone = found } else {
                    diagnostics.error("\(path.key("timeZone")) is '\(name)'; expected an IANA time zone such as Europe/Berlin", at: context.at())
                    continue
                }
            }
            let date = EntryDate(moment, zone: zone, seconds: true)
            let (dateText, day) = (date.rfc3339, date.day)
            var text = json.string(item["text"], path.key("text"), optional: true) ?? ""
            var tags = json.strings(item["tags"], path.key("tags"))
            if json.flag(item["starred"], path.key("starred")) { tags.append("starred") }

            // Photos and videos: copied under a readable name, the text's references pointed at them.
            var files: [(source: String, name: String)] = []
            var unplaced: [String] = []
            var counts = ["photos": 0, "videos": 0]
            for kind in ["photos", "videos"] {
                guard item[kind] != nil else { continue }
                for (position, mediaValue) in (json.array(item[kind], path.key(kind)) ?? []).enumerated() {
                    let mediaPath = path.key(kind).index(position)
                    guard let media = json.object(mediaValue, mediaPath),
                          let identifier = json.string(media["identifier"], mediaPath.key("identifier")),
                          let md5 = json.string(media["md5"], mediaPath.key("md5")) else { continue }
                    let type = json.string(media["type"], mediaPath.key("type"), optional: true) ?? (kind == "photos" ? "jpeg" : "mov")
                    let source = "\(folder)/\(kind)/\(md5).\(type)"
                    guard !MediaResolver.escapes("\(md5).\(type)"), FileIO.isRegularFile(source) else {
                        plan.skipped.append(("\(kind == "photos" ? "photo" : "video") \(md5).\(type) of entry \(uuid)", "not in the export's \(kind)/ folder"))
                        text = Self.replacingMoment(identifier, in: text, with: nil)
                        continue
                    }
                    counts[kind, default: 0] += 1
                    let name = "\(kind == "photos" ? "photo" : "video")-\(counts[kind]!).\(type.lowercased())"
                    files.append((source, name))
                    if kind == "photos" { plan.photos += 1 } else { plan.videos += 1 }
                    let replaced = Self.replacingMoment(identifier, in: text, with: name)
                    if replaced == text { unplaced.append(name) }
                    text = replaced
                }
            }
            text = Self.unescape(text)
            let title = ImportPlan.Entry.title(of: text)

            var front = FrontMatterText()
            front.add("date", raw: dateText)
            front.add("author", context.authorKey)
            if let location = item["location"], !(location is NSNull), let place = json.object(location, path.key("location")) {
                let names = ["placeName", "localityName", "country"].compactMap { json.string(place[$0], path.key("location").key($0), optional: true) }
                    .filter { !$0.isEmpty }
                var unique: [String] = []
                for n in names where !unique.contains(n) { unique.append(n) }
                var mapping: [(String, String)] = []
                if !unique.isEmpty { mapping.append(("name", FrontMatterEditor.yaml(.text(unique.joined(separator: ", "))))) }
                if let lat = json.number(place["latitude"], path.key("location").key("latitude")),
                   let lon = json.number(place["longitude"], path.key("location").key("longitude")),
                   (-90...90).contains(lat), (-180...180).contains(lon) {
                    mapping += [("lat", FrontMatterText.number(lat)), ("lon", FrontMatterText.number(lon))]
                }
                front.add("location", mapping: mapping)
            }
            front.add("trip", context.trip)
            front.add("tags", list: tags)
            if let weatherValue = item["weather"], !(weatherValue is NSNull), let weather = json.object(weatherValue, path.key("weather")) {
                var mapping: [(String, String)] = []
                if let conditions = weather["conditionsDescription"] as? String { mapping.append(("conditions", FrontMatterEditor.yaml(.text(conditions)))) }
                if let celsius = weather["temperatureCelsius"] as? NSNumber { mapping.append(("temperature_c", FrontMatterText.number(celsius.doubleValue))) }
                if let humidity = weather["relativeHumidity"] as? NSNumber { mapping.append(("humidity", FrontMatterText.number(humidity.doubleValue))) }
                if let wind = weather["windSpeedKPH"] as? NSNumber { mapping.append(("wind_kph", FrontMatterText.number(wind.doubleValue))) }
                front.add("weather", mapping: mapping)
            }
            // Files the text does not show go to the gallery.
            front.add("media", items: unplaced)
            front.add("imported", "dayone:\(uuid)")
            plan.entries.append(ImportPlan.Entry(stem: ImportPlan.Entry.stem(day: day, title: title), text: front.text(body: text),
                                                 files: files, sourceID: "dayone:\(uuid)", title: title ?? ""))
        }
    }

    /// `![](dayone-moment://ID)` (or `dayone-moment:/video/ID`) becomes `![Photo](name)`; with no
    /// name (the file is missing) the reference is dropped.
    static func replacingMoment(_ identifier: String, in text: String, with name: String?) -> String {
        var out = text
        for form in ["dayone-moment://\(identifier)", "dayone-moment:/video/\(identifier)", "dayone-moment://video/\(identifier)"] {
            while let target = out.range(of: "](" + form + ")") {
                guard let open = out[..<target.lowerBound].range(of: "![", options: .backwards) else { break }
                let alt = String(out[open.upperBound..<target.lowerBound])
                let replacement = name.map { "![\(alt.isEmpty ? (MediaItem.isPhoto($0) ? "Photo" : "Video") : alt)](\($0))" } ?? ""
                out.replaceSubrange(open.lowerBound..<target.upperBound, with: replacement)
            }
        }
        return out
    }

    /// Day One escapes Markdown characters it shows as they are (`3\.5 km`, `well\-known`, `\(maybe\)`).
    /// The escapes go where Markdown does not need them; they stay where the character would
    /// start a list or a heading (`1\. not a list`, `\- not a bullet` at a line's start).
    static func unescape(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var out = ""
            let chars = Array(line)
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if c == "\\", i + 1 < chars.count, ".-!()+".contains(chars[i + 1]) {
                    let next = chars[i + 1]
                    let before = out.trimmingCharacters(in: .whitespaces)
                    let startsBlock = (next == "-" || next == "+") && before.isEmpty
                        || next == "." && !before.isEmpty && before.allSatisfy(\.isNumber)
                    let makesImage = next == "!" && i + 2 < chars.count && chars[i + 2] == "["
                    if startsBlock || makesImage { out.append(c) }
                    out.append(next)
                    i += 2
                    continue
                }
                out.append(c)
                i += 1
            }
            lines.append(out)
        }
        return lines.joined(separator: "\n")
    }
}
