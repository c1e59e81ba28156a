import Foundation

/// `jrnl --export json`: `{"tags": {...}, "entries": [{"date": "2026-11-22", "time": "21:40",
/// "title": "…", "body": "…", "tags": ["@work"], "starred": false}]}`. jrnl keeps local times
/// without a zone: they are read in the journal's `timezone`. A starred entry gets the tag
/// `starred`; `@tags` lose their `@`.
public struct JrnlImporter: Sendable {
    public var context: ImportContext

    public init(context: ImportContext) { self.context = context }

    public func plan(_ data: Data, diagnostics: DiagnosticsEngine) -> ImportPlan {
        var plan = ImportPlan()
        let json = JSONReader(context: context, diagnostics: diagnostics)
        let root = JSONPath()
        guard let document = json.object(json.load(data), root), let entries = json.array(document["entries"], root.key("entries")) else { return plan }
        for (index, value) in entries.enumerated() {
            let path = root.key("entries").index(index)
            guard let item = json.object(value, path),
                  let dayText = json.string(item["date"], path.key("date")) else { continue }
            let time = json.string(item["time"], path.key("time"), optional: true) ?? "00:00"
            guard let day = CalendarDay(iso: Substring(dayText)), dayText.count == 10 else {
                diagnostics.error("\(path.key("date")) is '\(dayText)'; expected a day such as 2026-11-22", at: context.at())
                continue
            }
            guard MoodLogReader.looksLikeTime(Array(time.utf8)), let hour = Int(time.prefix(2)), let minute = Int(time.dropFirst(3).prefix(2)), hour < 24, minute < 60 else {
                diagnostics.error("\(path.key("time")) is '\(time)'; expected a time such as 21:40", at: context.at())
                continue
            }
            let title = json.string(item["title"], path.key("title"), optional: true) ?? ""
            let body = json.string(item["body"], path.key("body"), optional: true) ?? ""
            var tags = json.strings(item["tags"], path.key("tags")).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
            if json.flag(item["starred"], path.key("starred")) { tags.append("starred") }

            let id = "jrnl:\(day)T\(time) \(ImportContext.shortHash(title + "\n" + body))"
            var front = FrontMatterText()
            front.add("title", title.trimmingCharacters(in: .whitespaces))
            front.add("date", raw: ImportContext.localMoment(day: day, hour: hour, minute: minute, zone: context.config.timeZone))
            front.add("author", context.authorKey)
            front.add("tags", list: Array(NSOrderedSet(array: tags).array as! [String]))
            front.add("imported", id)
            plan.entries.append(ImportPlan.Entry(stem: ImportPlan.Entry.stem(day: day, title: title), text: front.text(body: body.trimmingCharacters(in: .newlines)),
                                                 sourceID: id, title: title))
        }
        return plan
    }
}
