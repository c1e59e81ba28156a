import Foundation

/// The journal's language on its pages: the built-in templates' labels, counted nouns with the
/// language's plural rule, dates from the platform's locale data, and decimal numbers.
///
/// Labels come from `templates/i18n/LANG.yaml` in the binary, then from the journal's own
/// `i18n/LANG.yaml` (which overrides or adds), and fall back to English with a warning.
/// A class: every date, photo and label view of a build holds the same one.
public final class Localization: Sendable {
    /// As journal.yaml says it: "de", "pt-BR", "zh-Hans".
    public let language: String
    let labels: [String: String]
    /// The same labels as template values, by the number of their key (TemplateKey): pages ask
    /// for a label at every other line, and a dictionary lookup hashed the name each time.
    let labelValues: KeyNumberTable<TemplateValue>
    /// Lists of texts, such as the moods page's built-in tips.
    let lists: [String: [String]]
    /// Counted nouns: key → plural category ("one", "other", …) → the text before and after `{n}`.
    let plurals: [String: [String: (before: String, after: String)]]
    let rule: PluralRule
    public let dates: DateStyle
    let decimalSeparator: String
    let groupingSeparator: String
    /// "rtl" for Arabic, Hebrew, Persian…; "ltr" otherwise.
    public let direction: String

    /// The languages whose labels are built in.
    public static let builtInLanguages = ["de", "en", "es", "fr", "it", "ja", "nl", "pt", "zh-Hans"]

    /// English with no files read: for tests and tools that render without a journal.
    public static let english = Localization(language: "en", table: .english)

    init(language: String, table: StringTable) {
        self.language = language
        let locale = Self.locale(language)
        labels = table.labels
        labelValues = KeyNumberTable(table.labels.map { (TemplateKey($0.key), TemplateValue.text($0.value)) })
        lists = table.lists
        plurals = table.plurals.mapValues { forms in
            forms.mapValues { text -> (before: String, after: String) in
                guard let at = text.range(of: "{n}") else { return (text, "") }
                return (String(text[..<at.lowerBound]), String(text[at.upperBound...]))
            }
        }
        rule = PluralRule(language: language)
        dates = DateStyle(locale: locale, patterns: table.datePatterns)
        let numbers = NumberFormatter()
        numbers.locale = locale
        numbers.numberStyle = .decimal
        decimalSeparator = numbers.decimalSeparator ?? "."
        groupingSeparator = numbers.groupingSeparator ?? ","
        direction = locale.language.characterDirection == .rightToLeft ? "rtl" : "ltr"
    }

    /// "en" is written as in Britain (day before month), as journalgen always has; "en-US" and
    /// every other tag go to ICU as they are.
    static func locale(_ language: String) -> Locale {
        let tag = language.replacingOccurrences(of: "_", with: "-")
        return Locale(identifier: tag.lowercased() == "en" ? "en_GB" : tag)
    }

    /// The label, in the page's language or else in English.
    public func label(_ key: String) -> String? { labels[key] }

    /// A label with `{name}` placeholders filled in: for the few sentences that carry values
    /// (chart captions and descriptions, a year-in-pixels square's title). The values are pairs
    /// in the order written, not a dictionary: one was made and hashed for each of the 9,000
    /// squares of a 10k journal's mood pages.
    public func text(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        var text = label(key) ?? key
        for (name, value) in values { text = text.replacingBytes("{\(name)}", with: value) }
        return text
    }

    public func list(_ key: String) -> [String]? { lists[key] }

    /// How long something took or how far off it is, rounded as a reader says it: days up to two
    /// weeks, then weeks, months, years. `ago` and `ahead` use their own forms ("vor 3 Tagen",
    /// "in 3 Tagen"), which many languages inflect.
    public enum DurationForm: Sendable { case plain, ago, ahead }

    public func duration(days: Int, _ form: DurationForm = .plain) -> String {
        let (count, unit) = GloryList.durationParts(days: days)
        let key: String
        switch form {
        case .plain: key = unit
        case .ago: key = unit + "Ago"
        case .ahead: key = "in" + unit.prefix(1).uppercased() + unit.dropFirst()
        }
        return counted(key, count) ?? "\(count) \(unit)"
    }

    /// A revisit interval as written in the front matter: "3 weeks", or "on 2 May 2026".
    public func interval(_ interval: RevisitInterval) -> String {
        if let day = interval.day { return "\(label("onDay") ?? "on") \(longDate(day))" }
        let unit = ["day": "days", "week": "weeks", "month": "months", "year": "years"][interval.unit.rawValue] ?? "days"
        return counted(unit, interval.amount) ?? interval.description
    }

    /// The words journal.js shows (greeting, filter count, photo viewer, lock screen), as a line
    /// of script put before it: one copy per site, not one per page.
    public var scriptLabels: String {
        var values: [String: Any] = [:]
        for key in ["stillUp", "goodMorning", "goodAfternoon", "goodEvening", "goodNight", "happyBirthday", "firstShown",
                    "indexFailed", "photoViewer", "close", "previous", "next", "unlocking", "wrongPassphrase",
                    "forgetPassphrase", "movedPayload"] {
            values[key] = label(key)
        }
        for key in ["entries", "yearsAgo"] {
            values[key] = plurals[key].map { forms in forms.mapValues { $0.before + "{n}" + $0.after } }
        }
        let json = (try? JSONSerialization.data(withJSONObject: values, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "window.journalLabels = \(json);\n"
    }

    /// "Lena’s journal", "Tagebuch von Lena".
    public func journalOf(_ author: String) -> String {
        (label("journalOf") ?? "{author}").replacingBytes("{author}", with: author)
    }

    /// "3 entries", "1 Eintrag", "5件の記事"; nil when no strings file knows the noun.
    public func counted(_ key: String, _ n: Int) -> String? {
        guard let forms = plurals[key] else { return nil }
        guard let text = forms[rule.category(n)] ?? forms["other"] else { return nil }
        return text.before + integer(n) + text.after
    }

    /// 12345 → "12,345" / "12.345"; numbers under 10,000 are left ungrouped, as style guides ask.
    public func integer(_ n: Int) -> String {
        let digits = String(abs(n))
        guard digits.count > 4 else { return n < 0 ? "-" + digits : digits }
        var grouped = ""
        for (index, c) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(c)
        }
        return (n < 0 ? "-" : "") + grouped
    }

    /// 3.456 with one digit → "3.5" / "3,5".
    public func decimal(_ value: Double, digits: Int = 1) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let whole = integer(scaled / scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return digits == 0 ? sign + whole : sign + whole + decimalSeparator + pad(scaled % scale, digits)
    }

    public func fullDate(_ day: CalendarDay) -> String { dates.format(dates.full, day) }
    public func longDate(_ day: CalendarDay) -> String { dates.format(dates.long, day) }
    public func shortDate(_ day: CalendarDay) -> String { dates.format(dates.short, day) }
    public func monthAndYear(year: Int, month: Int) -> String { dates.format(dates.monthYear, CalendarDay(year: year, month: month, day: 1)) }
    public func time(hour: Int, minute: Int) -> String { dates.format(dates.time, CalendarDay(year: 2000, month: 1, day: 1), hour: hour, minute: minute) }
    /// "April", as a heading says it.
    public func monthName(_ month: Int) -> String { dates.standaloneMonths[month - 1] }
    /// "Apr", "4月": for chart axes and table rows.
    public func shortMonthName(_ month: Int) -> String { dates.shortStandaloneMonths[month - 1] }
}

extension Localization {
    /// Reads the built-in labels of the language and the journal's `i18n/` files, warning about
    /// labels that fall back to English.
    static func load(language: String, assets: AssetSource, paths: DisplayPaths, at location: SourceLocation,
                     diagnostics: DiagnosticsEngine) -> Localization {
        /// The journal's own strings file, if it has one.
        func journalTable(_ path: String) -> StringTable? {
            guard let file = assets.file(path, includeBuiltIn: false) else { return nil }
            guard let text = String(data: file.data, encoding: .utf8), let parsed = StringTable.parse(text) else {
                diagnostics.error("\(path) is not a strings file; expected YAML with a label or a {one:, other:} pair per key", at: SourceLocation(path: assets.displayPath(of: file, paths: paths)))
                return nil
            }
            return parsed
        }
        let english = StringTable.english
        var merged = english
        // Most general first: "pt" before "pt-BR"; built-in before the journal's.
        var names: [String] = []
        let parts = language.split(separator: "-").map(String.init)
        for count in stride(from: 1, through: parts.count, by: 1) { names.append(parts.prefix(count).joined(separator: "-")) }
        var own = StringTable()
        var foundAny = language.lowercased() == "en"
        for name in names where name.lowercased() != "en" {
            if let builtIn = EmbeddedAssets.textFiles["templates/i18n/\(name).yaml"].flatMap(StringTable.parse) {
                own.merge(builtIn); foundAny = true
            }
        }
        for name in names {
            if let journal = journalTable("i18n/\(name).yaml") { own.merge(journal); foundAny = true }
        }
        merged.merge(own)
        if !foundAny {
            diagnostics.warning("no labels in language '\(language)': the built-in templates speak \(builtInLanguages.joined(separator: ", ")); labels are in English, dates and numbers in '\(language)'; add i18n/\(language).yaml to the journal to translate them", at: location)
        } else if language.lowercased() != "en" {
            let missing = Set(english.labels.keys).subtracting(own.labels.keys)
                .union(Set(english.plurals.keys).subtracting(own.plurals.keys))
                .union(Set(english.lists.keys).subtracting(own.lists.keys)).sorted()
            if !missing.isEmpty {
                let shown = missing.prefix(6).joined(separator: ", ") + (missing.count > 6 ? ", …" : "")
                diagnostics.warning("\(missing.count) label\(missing.count == 1 ? "" : "s") not translated to '\(language)' (\(shown)): shown in English; add them to i18n/\(language).yaml", at: location)
            }
        }
        return Localization(language: language, table: merged)
    }
}

/// One strings file: labels (`key: text`), counted nouns (`key: {one: "{n} entry", other: …}`)
/// and date patterns (`dates: {full: "EEEE, d MMMM y"}`).
struct StringTable: Sendable {
    var labels: [String: String] = [:]
    var lists: [String: [String]] = [:]
    var plurals: [String: [String: String]] = [:]
    var datePatterns: [String: String] = [:]

    /// The built-in English labels, which every language falls back to.
    static let english = parse(EmbeddedAssets.textFiles["templates/i18n/en.yaml"] ?? "") ?? StringTable()

    /// Nil when the text is not YAML or not a mapping; an empty file is an empty table. Every
    /// scalar is a label's text as written ("Yes", "007" and "1.5" too). Read with journalgen's
    /// own YAML reader: Yams' `load` built a node tree and cast every value, 33 million
    /// instructions for the English file at the start of every build.
    static func parse(_ text: String) -> StringTable? {
        let root: MetaNode
        do { root = try YAMLReader.read(text, firstLine: 1) } catch { return nil }
        if case .null = root.value { return StringTable() }
        guard let entries = root.entries else { return nil }
        var table = StringTable()
        for entry in entries {
            switch entry.node.value {
            case .scalar(let text, _):
                table.labels[entry.key] = text
            case .table(let forms):
                var strings: [String: String] = [:]
                for form in forms { if let text = form.node.text { strings[form.key] = text } }
                if entry.key == "dates" { table.datePatterns = strings } else { table.plurals[entry.key] = strings }
            case .list(let items):
                table.lists[entry.key] = items.compactMap(\.text)
            case .null:
                break
            }
        }
        return table
    }

    mutating func merge(_ other: StringTable) {
        labels.merge(other.labels) { $1 }
        lists.merge(other.lists) { $1 }
        plurals.merge(other.plurals) { $1 }
        datePatterns.merge(other.datePatterns) { $1 }
    }
}

/// CLDR's cardinal plural categories for the built-in languages (and their close relatives);
/// languages it does not know count like English.
struct PluralRule: Sendable {
    enum Kind: Sendable { case oneForOne, oneForZeroAndOne, none }
    let kind: Kind

    init(language: String) {
        let base = language.split(separator: "-").first.map { String($0).lowercased() } ?? ""
        switch base {
        case "ja", "zh", "ko", "th", "vi", "id", "ms": kind = .none
        case "fr", "pt", "hi": kind = .oneForZeroAndOne
        default: kind = .oneForOne
        }
    }

    func category(_ n: Int) -> String {
        switch kind {
        case .none: return "other"
        case .oneForZeroAndOne: return n == 0 || n == 1 ? "one" : "other"
        case .oneForOne: return n == 1 ? "one" : "other"
        }
    }
}

/// The labels as templates see them: `{{t.archive}}`, and `{{count.entries}}` through the
/// renderer's counted lookup.
struct LabelsView: TemplateObject, CountedLabels {
    var localization: Localization

    func value(_ key: String) -> TemplateValue? {
        .text(localization.label(key) ?? key)
    }

    func value(_ key: TemplateKey) -> TemplateValue? {
        localization.labelValues[key] ?? .text(key.name)
    }

    func counted(_ key: String, _ n: Int) -> String? { localization.counted(key, n) }
}

/// Turns a number and a noun into text: what `{{count.entries}}` asks of the page's labels.
protocol CountedLabels {
    func counted(_ key: String, _ n: Int) -> String?
}
