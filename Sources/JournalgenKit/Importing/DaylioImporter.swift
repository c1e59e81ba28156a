import Foundation

/// Daylio's `daylio_export.csv`: a header row, then one row a mood,
/// `full_date,date,weekday,time,mood,activities,note_title,note` (older exports lack
/// `note_title`). A row with a note becomes an entry with that mood, its activities as tags; a
/// row without one a line of `moods.log`, its activities as the line's note. Daylio's five moods
/// (rad, good, meh, bad, awful) go onto the journal's scale from its best level to its worst;
/// other names need `--map name=level`.
public struct DaylioImporter: Sendable {
    public var context: ImportContext

    public init(context: ImportContext) { self.context = context }

    static let defaultMoods = ["rad", "good", "meh", "bad", "awful"]

    /// The journal's level for a Daylio mood name, or nil.
    func level(_ name: String) -> MoodLevel? {
        let scale = context.config.moods
        let key = name.lowercased().trimmingCharacters(in: .whitespaces)
        if let mapped = context.moodMap[key] { return MoodLogWriter.level(mapped, in: scale) }
        guard let position = Self.defaultMoods.firstIndex(of: key), !scale.levels.isEmpty else { return nil }
        let index = Int((Double(position) * Double(scale.levels.count - 1) / 4).rounded())
        return scale.levels[index]
    }

    /// Mood names of the export that neither Daylio's defaults nor `--map` place, in order of
    /// first use: what the command asks about on a terminal.
    public func unplacedMoods(_ data: Data) -> [String] {
        guard let text = TextDecoding.decode(data), case .success(let records) = CSVReader.records(text), let header = records.first,
              let moodColumn = header.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }).firstIndex(of: "mood") else { return [] }
        var names: [String] = []
        for record in records.dropFirst() where moodColumn < record.fields.count {
            let name = record.fields[moodColumn].trimmingCharacters(in: .whitespaces).lowercased()
            if !name.isEmpty, level(name) == nil, !names.contains(name) { names.append(name) }
        }
        return names
    }

    public func plan(_ data: Data, diagnostics: DiagnosticsEngine) -> ImportPlan {
        var plan = ImportPlan()
        guard let text = TextDecoding.decode(data) else {
            diagnostics.error("the export is not UTF-8 text; expected Daylio's daylio_export.csv", at: context.at())
            return plan
        }
        let records: [CSVReader.Record]
        switch CSVReader.records(text) {
        case .success(let r): records = r
        case .failure(.unclosedQuote(let line)):
            diagnostics.error("a quoted field opened here is never closed; expected a closing \"", at: context.at(line))
            return plan
        }
        guard let header = records.first else {
            diagnostics.error("the file is empty; expected Daylio's header row full_date,date,weekday,time,mood,activities,note_title,note", at: context.at())
            return plan
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let dateColumn = column("full_date"), let timeColumn = column("time"), let moodColumn = column("mood") else {
            diagnostics.error("the header row is '\(header.fields.joined(separator: ","))'; expected Daylio's: full_date,date,weekday,time,mood,activities,note_title,note", at: context.at(header.line))
            return plan
        }
        let activitiesColumn = column("activities"), noteColumn = column("note"), titleColumn = column("note_title")
        let scale = context.config.moods
        for record in records.dropFirst() {
            let at = context.at(record.line)
            guard record.fields.count == names.count else {
                diagnostics.error("the row has \(record.fields.count) fields; expected \(names.count), as in the header row (a note with a comma needs quotes)", at: at)
                continue
            }
            func field(_ i: Int?) -> String { i.map { record.fields[$0].trimmingCharacters(in: .whitespacesAndNewlines) } ?? "" }
            let dayText = field(dateColumn)
            guard let day = CalendarDay(iso: Substring(dayText)), dayText.count == 10 else {
                diagnostics.error("full_date is '\(dayText)'; expected a day such as 2026-11-22", at: at)
                continue
            }
            guard let (hour, minute) = Self.time(field(timeColumn)) else {
                diagnostics.error("time is '\(field(timeColumn))'; expected a time such as 21:40 or 9:40 pm", at: at)
                continue
            }
            let moodName = field(moodColumn)
            guard let mood = level(moodName) else {
                diagnostics.error("mood '\(moodName)' has no level on the journal's scale; expected --map \(moodName.lowercased())=LEVEL with a level of \(scale.valueList), or one of Daylio's own: \(Self.defaultMoods.joined(separator: ", "))", at: at)
                continue
            }
            let activities = field(activitiesColumn).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let note = field(noteColumn).replacingOccurrences(of: "<br>", with: "\n")
            let noteTitle = field(titleColumn)
            let moment = ImportContext.localMoment(day: day, hour: hour, minute: minute, zone: context.config.timeZone)
            if note.isEmpty && noteTitle.isEmpty {
                var date = EntryDate(day: day)
                date.hour = hour
                date.minute = minute
                date.hasTime = true
                let mark = context.authorKey
                plan.moodLines.append(MoodLogWriter.line(level: mood, note: activities.joined(separator: ", "), at: date, author: mark))
                continue
            }
            let title = noteTitle.isEmpty ? ImportPlan.Entry.title(of: note) : noteTitle
            let id = "daylio:\(day) \(pad(hour, 2)):\(pad(minute, 2)) \(ImportContext.shortHash(noteTitle + "\n" + note))"
            var front = FrontMatterText()
            front.add("title", title)
            front.add("date", raw: moment)
            front.add("author", context.authorKey)
            front.add("mood", mood.value)
            front.add("tags", list: activities)
            front.add("imported", id)
            plan.entries.append(ImportPlan.Entry(stem: ImportPlan.Entry.stem(day: day, title: title), text: front.text(body: note), sourceID: id, title: title ?? ""))
        }
        return plan
    }

    /// "21:40", "9:40 pm", "09:40 AM".
    static func time(_ text: String) -> (Int, Int)? {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        let pm = lower.hasSuffix("pm"), am = lower.hasSuffix("am")
        let clock = (pm || am) ? String(lower.dropLast(2)).trimmingCharacters(in: .whitespaces) : lower
        let parts = clock.split(separator: ":")
        guard parts.count == 2, var hour = Int(parts[0]), let minute = Int(parts[1]), (0..<60).contains(minute) else { return nil }
        if pm || am {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        return (0..<24).contains(hour) ? (hour, minute) : nil
    }
}
