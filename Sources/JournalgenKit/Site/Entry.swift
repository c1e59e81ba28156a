import Foundation

/// Where an entry was written.
public struct Place: Sendable, Hashable {
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?

    public var hasCoordinates: Bool { latitude != nil && longitude != nil }
}

/// A photo, video or other file an entry lists under `media:`.
public struct MediaItem: Sendable, Hashable {
    public var source: String { didSet { kind = Kind(of: source) } }
    /// What the file is, by its name: worked out once, not at each of the many times pages and
    /// fingerprints ask whether an item is a photo or a video (each answer lowercased the
    /// extension again, 10,800 items at 10k entries, several times a build).
    public internal(set) var kind: Kind

    public enum Kind: UInt8, Sendable {
        /// A photo journalgen resizes.
        case photo
        /// A GIF or an SVG, published as it is.
        case image
        case video
        case track
        case other

        /// Shown on the photos pages.
        var isPicture: Bool { self == .photo || self == .image || self == .video }

        init(of name: String) {
            let suffix = MediaItem.lowercasedExtension(name)
            if MediaItem.photoExtensions.contains(suffix) {
                self = .photo
            } else {
                switch suffix {
                case "gif", "svg": self = .image
                case "mp4", "webm", "mov", "m4v": self = .video
                case "gpx": self = .track
                default: self = .other
                }
            }
        }
    }
    public var caption: String?
    public var poster: String?
    /// The file on disk once found (bundle folder first, then media/).
    public var filePath: String?
    /// Where it lives in the site, relative to the site root ("2026/04/03/kyoto/torii.jpg").
    public var sitePath: String = ""
    public var posterPath: String?
    public var posterSitePath: String?
    /// The route of a `.gpx` item, read while loading.
    public var track: GPXTrack?
    /// Size, place and time of a photo, read from its header while loading.
    public var photo: PhotoInfo?
    /// The poster's (a photo given as `poster:`, or a frame taken from the video with ffmpeg).
    public var posterPhoto: PhotoInfo?
    /// For a frame taken from the video: the cached frame file.
    public var posterFrame: String?
    /// Size of the file in bytes (shown for videos).
    public var byteCount: Int?
    /// The sizes published of a photo, and of a video's poster, once placed in the site.
    public var sizes: [ImageSize] = []
    public var posterSizes: [ImageSize] = []
    /// Alt text of an image in the Markdown body (`![alt](photo.jpg)`).
    public var alt: String?
    /// Where the item is named in the front matter (or the body), for messages.
    public var line: Int
    public var column: Int

    public var isVideo: Bool { kind == .video }

    public var isTrack: Bool { kind == .track }

    public var isImage: Bool { kind == .photo || kind == .image }

    /// An image journalgen resizes (GIFs and SVGs are published as they are).
    public var isPhoto: Bool { kind == .photo }

    static func isPhoto(_ name: String) -> Bool { photoExtensions.contains(lowercasedExtension(name)) }

    static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "avif", "heic", "heif", "tif", "tiff"]

    var fileExtension: String { Self.lowercasedExtension(source) }

    /// `NSString.pathExtension`, lowercased, without NSString: pages ask whether each photo is
    /// an image or a video several times, and the bridging showed in profiles of 10k journals.
    static func lowercasedExtension(_ name: String) -> String {
        let bytes = name.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == 0x2F { end = bytes.index(before: end) }
        var index = end
        while index > bytes.startIndex {
            let before = bytes.index(before: index)
            switch bytes[before] {
            case 0x2F: return ""
            case 0x2E:
                // A leading dot names a hidden file, not an extension.
                guard before > bytes.startIndex, bytes[bytes.index(before: before)] != 0x2F else { return "" }
                return String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
            default: index = before
            }
        }
        return ""
    }
}

// Out of the type's body, so that the memberwise initialiser stays (the entry cache reads
// media items with it: see `MediaItem.init(compact:)`).
extension MediaItem {
    public init(source: String, line: Int, column: Int) {
        self.source = source
        kind = Kind(of: source)
        self.line = line
        self.column = column
    }
}

/// `glory:` — a goal or idea made real, with the day it happened when known.
public enum Glory: Sendable, Hashable {
    case realised(CalendarDay)
    case undated
}

/// `revisit: 3 weeks`: when to bring an entry back to the writer, counted from its date; or
/// `revisit: 2026-12-13`, a day (what `journalgen revisit` writes when "3 weeks from today" is
/// not a whole number of weeks after the entry's date).
public struct RevisitInterval: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable, Codable {
        case day, week, month, year

        var maximum: Int {
            switch self {
            case .day: return 366 * RevisitInterval.maximumYears
            case .week: return 53 * RevisitInterval.maximumYears
            case .month: return 12 * RevisitInterval.maximumYears
            case .year: return RevisitInterval.maximumYears
            }
        }
    }
    public var amount: Int
    public var unit: Unit
    /// Set for `revisit: YYYY-MM-DD`.
    public var day: CalendarDay?

    public init(amount: Int, unit: Unit, day: CalendarDay? = nil) {
        self.amount = amount
        self.unit = unit
        self.day = day
    }

    public static func parse(_ text: String) -> RevisitInterval? {
        if let day = CalendarDay(iso: Substring(text)), text.count == 10 { return RevisitInterval(amount: 0, unit: .day, day: day) }
        let parts = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, let n = Int(parts[0]), n > 0 else { return nil }
        var word = String(parts[1])
        if word.hasSuffix("s") { word.removeLast() }
        guard let unit = Unit(rawValue: word), n <= unit.maximum else { return nil }
        return RevisitInterval(amount: n, unit: unit)
    }

    /// A century: more is a typo (and `9223372036854775807 days` would overflow date arithmetic).
    public static let maximumYears = 100

    public func after(_ day: CalendarDay) -> CalendarDay {
        if let fixed = self.day { return fixed }
        switch unit {
        case .day: return day.adding(days: amount)
        case .week: return day.adding(days: 7 * amount)
        case .month: return day.adding(months: amount)
        case .year: return day.adding(months: 12 * amount)
        }
    }

    public var description: String {
        if let day { return "on \(DateText.long(day))" }
        return "\(amount) \(unit.rawValue)\(amount == 1 ? "" : "s")"
    }

    /// What `journalgen revisit FILE 3 weeks` writes: the interval from the entry's date when the
    /// day asked for is a whole number of `unit`s after it, else the day itself.
    public static func written(from entryDay: CalendarDay, amount: Int, unit: Unit, today: CalendarDay) -> RevisitInterval {
        let target = RevisitInterval(amount: amount, unit: unit).after(today)
        let days = target.daysSinceEpoch - entryDay.daysSinceEpoch
        switch unit {
        case .day where days > 0: return RevisitInterval(amount: days, unit: .day)
        case .week where days > 0 && days % 7 == 0: return RevisitInterval(amount: days / 7, unit: .week)
        case .month, .year:
            let months = unit == .month ? 1 : 12
            for n in 1...1200 {
                let due = entryDay.adding(months: n * months)
                if due == target { return RevisitInterval(amount: n, unit: unit) }
                if due > target { break }
            }
        default: break
        }
        return RevisitInterval(amount: 0, unit: .day, day: target)
    }
}

extension [MediaItem] {
    /// Whether one of the items is shown on the photos pages. By index through the buffer: an
    /// item handed out, as `contains` hands them, was copied whole to ask its kind.
    var hasPicture: Bool {
        withUnsafeBufferPointer { items in
            for index in items.indices where items[index].kind.isPicture { return true }
            return false
        }
    }
}

/// One diary entry after loading: its front matter read and checked, its body rendered.
///
/// Its fields live in one box, copied when written to while shared: the loader, the entry
/// cache, the site model and `serve`'s memos each hold the journal's entries, and copying an
/// entry held inline retained each of its thirty strings and lists one by one (in a save at
/// 50,000 entries, a fifth of the time went to such copies).
public struct Entry: Sendable {
    struct Fields: Sendable {
        /// Path shown in messages (relative to where journalgen runs when possible).
        var displayPath: String
        /// Path below `entries/`, used to order entries that share a date.
        var relativePath: String
        /// Absolute path of the entry file.
        var filePath: String

        var title: String
        /// The entry has neither a title nor a heading: its title is its date, which the site model
        /// writes again in the journal's language.
        var titleIsDate = false
        var date: EntryDate
        /// The entry was written in another UTC offset than the journal's (a trip abroad): pages say which.
        var showsZone: Bool
        var mood: MoodLevel?
        var theme: String?
        var place: Place?
        var trip: String?
        var media: [MediaItem]
        var tags: [String]
        var glory: Glory?
        var revisit: RevisitInterval?
        var isPrivate: Bool
        var isDraft: Bool
        /// The last part of the URL; from `slug:`, else the file name without its date.
        var slug: String
        /// Front-matter keys journalgen does not know, for templates.
        var extra: MetaNode
        var body: RenderedBody

        /// Who wrote it: ids from journal.yaml `authors:` (empty when the journal lists none).
        var authors: [String] = []
        /// Site path of the entry's page, "2026/04/03/kyoto/" (set when URLs are assigned).
        var sitePath: String = ""
        /// Set by the build for a private entry: its page is `private/<token>/`, its files are renamed.
        var lockToken: String?
        /// Line of the `theme:` key, for the warning about unknown variants.
        var themeLocation: SourceLocation?
        /// Local images of the Markdown body (`![alt](photo.jpg)`), published like `media:`.
        var bodyImages: [MediaItem] = []
        /// Fingerprint of everything loading made of the entry but its text (set when the build
        /// cache is on), so page fingerprints need not encode 10,000 entries again.
        var loadedFingerprint = ""
        /// Fingerprint of its text as loaded (its file's SHA-256, which the build cache has anyway),
        /// for the same reason: hashing 10,000 rendered bodies costs a tenth of a second of each
        /// first build and each save of `serve`.
        var loadedTextFingerprint = ""
        /// Fingerprint of what its cards show of its text (SiteFingerprint.card), which list
        /// pages are made from: an edit below the excerpt leaves them as they were.
        var loadedCardFingerprint = ""
        /// Fingerprint of its task items alone, which the tasks pages are made from.
        var loadedTasksFingerprint = ""
    }

    /// Written only while this entry holds it alone (`fields`'s `_modify`), as arrays are.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    init(_ fields: Fields) { box = Box(fields) }

    /// Every field, for writing: the box is copied first when another entry shares it.
    var fields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    public var displayPath: String { _read { yield box.fields.displayPath } _modify { yield &fields.displayPath } }
    public var relativePath: String { _read { yield box.fields.relativePath } _modify { yield &fields.relativePath } }
    public var filePath: String { _read { yield box.fields.filePath } _modify { yield &fields.filePath } }
    public var title: String { _read { yield box.fields.title } _modify { yield &fields.title } }
    public var titleIsDate: Bool { _read { yield box.fields.titleIsDate } _modify { yield &fields.titleIsDate } }
    public var date: EntryDate { _read { yield box.fields.date } _modify { yield &fields.date } }
    public var showsZone: Bool { _read { yield box.fields.showsZone } _modify { yield &fields.showsZone } }
    public var mood: MoodLevel? { _read { yield box.fields.mood } _modify { yield &fields.mood } }
    public var theme: String? { _read { yield box.fields.theme } _modify { yield &fields.theme } }
    public var place: Place? { _read { yield box.fields.place } _modify { yield &fields.place } }
    public var trip: String? { _read { yield box.fields.trip } _modify { yield &fields.trip } }
    public var media: [MediaItem] { _read { yield box.fields.media } _modify { yield &fields.media } }
    public var tags: [String] { _read { yield box.fields.tags } _modify { yield &fields.tags } }
    public var glory: Glory? { _read { yield box.fields.glory } _modify { yield &fields.glory } }
    public var revisit: RevisitInterval? { _read { yield box.fields.revisit } _modify { yield &fields.revisit } }
    public var isPrivate: Bool { _read { yield box.fields.isPrivate } _modify { yield &fields.isPrivate } }
    public var isDraft: Bool { _read { yield box.fields.isDraft } _modify { yield &fields.isDraft } }
    public var slug: String { _read { yield box.fields.slug } _modify { yield &fields.slug } }
    public var extra: MetaNode { _read { yield box.fields.extra } _modify { yield &fields.extra } }
    public var body: RenderedBody { _read { yield box.fields.body } _modify { yield &fields.body } }
    public var authors: [String] { _read { yield box.fields.authors } _modify { yield &fields.authors } }
    public var sitePath: String { _read { yield box.fields.sitePath } _modify { yield &fields.sitePath } }
    public var lockToken: String? { _read { yield box.fields.lockToken } _modify { yield &fields.lockToken } }
    public var themeLocation: SourceLocation? { _read { yield box.fields.themeLocation } _modify { yield &fields.themeLocation } }
    public var bodyImages: [MediaItem] { _read { yield box.fields.bodyImages } _modify { yield &fields.bodyImages } }
    var loadedFingerprint: String { _read { yield box.fields.loadedFingerprint } _modify { yield &fields.loadedFingerprint } }
    var loadedTextFingerprint: String { _read { yield box.fields.loadedTextFingerprint } _modify { yield &fields.loadedTextFingerprint } }
    var loadedCardFingerprint: String { _read { yield box.fields.loadedCardFingerprint } _modify { yield &fields.loadedCardFingerprint } }
    var loadedTasksFingerprint: String { _read { yield box.fields.loadedTasksFingerprint } _modify { yield &fields.loadedTasksFingerprint } }
}
