import Foundation

/// What every importer needs: the journal's settings, where messages point, and the choices of
/// the command line.
public struct ImportContext: Sendable {
    public var config: JournalConfig
    /// The export as the user named it, for messages.
    public var displayPath: String
    /// `--author`: written as the entries' `author:` (and `@id` on mood lines) unless it is the default.
    public var author: String?
    /// `--trip`: Day One entries join this trip.
    public var trip: String?
    /// `--map rad=amazing,meh=so-so`: Daylio mood names onto the journal's levels.
    public var moodMap: [String: String] = [:]

    public init(config: JournalConfig, displayPath: String, author: String? = nil, trip: String? = nil, moodMap: [String: String] = [:]) {
        self.config = config
        self.displayPath = displayPath
        self.author = author
        self.trip = trip
        self.moodMap = moodMap
    }

    /// `author:` for the entries: nil for the journal's default author (it needs no key).
    var authorKey: String? {
        guard let author, author != config.authors.defaultID else { return nil }
        return author
    }

    func at(_ line: Int = 1, _ column: Int = 1) -> SourceLocation { SourceLocation(path: displayPath, line: line, column: column) }


    /// A wall-clock time in `zone` as RFC 3339. A time the clocks skipped (02:30 on the night
    /// summer time starts) is moved on by the gap, as a calendar app does.
    static func localMoment(day: CalendarDay, hour: Int, minute: Int, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        guard let date = calendar.date(from: components) else { return "\(day)T\(pad(hour, 2)):\(pad(minute, 2)):00" }
        return EntryDate(date, zone: zone).rfc3339
    }

    /// A short, stable fingerprint of a text, for exports without ids (jrnl, Daylio).
    static func shortHash(_ text: String) -> String {
        FNV1a.hex(text.utf8)
    }
}

/// A path into a JSON document for messages: `entries[3].location.latitude`.
struct JSONPath: CustomStringConvertible {
    var parts: [String] = []
    func key(_ name: String) -> JSONPath { JSONPath(parts: parts + [(parts.isEmpty ? "" : ".") + name]) }
    func index(_ i: Int) -> JSONPath { JSONPath(parts: parts + ["[\(i)]"]) }
    var description: String { parts.isEmpty ? "the document" : parts.joined() }
}

/// Reads a JSON export, reporting what was expected where with its JSON path.
struct JSONReader {
    var context: ImportContext
    var diagnostics: DiagnosticsEngine

    func load(_ data: Data) -> Any? {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            diagnostics.error("the export is not valid JSON (\(detail)); expected the JSON file the app exported", at: context.at())
            return nil
        }
    }

    func object(_ value: Any?, _ path: JSONPath) -> [String: Any]? {
        if let object = value as? [String: Any] { return object }
        report(value, path, "an object")
        return nil
    }

    func array(_ value: Any?, _ path: JSONPath) -> [Any]? {
        if let array = value as? [Any] { return array }
        report(value, path, "a list")
        return nil
    }

    func string(_ value: Any?, _ path: JSONPath, optional: Bool = false) -> String? {
        if let s = value as? String { return s }
        if optional && (value == nil || value is NSNull) { return nil }
        report(value, path, "text")
        return nil
    }

    func strings(_ value: Any?, _ path: JSONPath) -> [String] {
        guard let value, !(value is NSNull) else { return [] }
        guard let list = array(value, path) else { return [] }
        return list.enumerated().compactMap { string($1, path.index($0)) }
    }

    func number(_ value: Any?, _ path: JSONPath) -> Double? {
        if value == nil || value is NSNull { return nil }
        if let n = value as? NSNumber { return n.doubleValue }
        report(value, path, "a number")
        return nil
    }

    func flag(_ value: Any?, _ path: JSONPath) -> Bool {
        if value == nil || value is NSNull { return false }
        if let b = value as? Bool { return b }
        report(value, path, "true or false")
        return false
    }

    func report(_ value: Any?, _ path: JSONPath, _ expected: String) {
        let found: String
        switch value {
        case nil, is NSNull: found = "missing"
        case let s as String: found = "'\(s.prefix(40))'"
        case is [Any]: found = "a list"
        case is [String: Any]: found = "an object"
        default: found = "\(value!)"
        }
        diagnostics.error("\(path) is \(found); expected \(expected)", at: context.at())
    }
}
