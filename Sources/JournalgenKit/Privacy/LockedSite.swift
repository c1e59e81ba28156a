import Crypto
import Foundation

/// Names of a private page's files: a hash of the page's secret token and the source's path, so a
/// file name says nothing of the photo, and the same photo keeps its name from build to build.
enum LockedNames {
    static func fileName(token: String, path: String) -> String {
        let digest = SHA256.hash(data: Data((token + "/" + path).utf8))
        let ext = (path as NSString).pathExtension.lowercased()
        return digest.prefix(8).hex + (ext.isEmpty ? "" : "." + ext)
    }

    /// The sizes of a private photo under names that say nothing of their width.
    static func hidingWidths(_ sizes: [ImageSize], token: String, page: String) -> [ImageSize] {
        sizes.map { size in
            var size = size
            size.webp = page + fileName(token: token, path: size.webp)
            size.fallback = page + fileName(token: token, path: size.fallback)
            return size
        }
    }
}

/// A page published as a lock screen: where it goes and the sealed page it opens to.
public struct LockedPage: Sendable, Codable {
    public enum Kind: String, Sendable, Codable {
        case entry, trip, index
    }

    public var sitePath: String
    public var kind: Kind
    /// Base64 of the sealed JSON `{"title", "variant", "html"}`, padded (PrivateKeys.padded), bound
    /// to `sitePath`.
    public var payload: String
}

/// The private part of a journal, rendered with the whole journal (so its pages link to each
/// other and to public pages as usual) and published only as ciphertext: each private entry's
/// and trip's page, a page listing them, and every file they show, sealed with the build's key.
struct LockedSite: Sendable {
    var pages: [LockedPage] = []
    /// The entries whose texts the private pages show (relative paths), for LockedSiteMemo.
    var reads: [String] = []
    var copies: [StaticFiles.Copy] = []
    var imagesProcessed = 0
    var imagesFromCache = 0

    /// Which entries and trips are private, with their tokens set: `private: true` on the entry
    /// or its trip, or `private: {all: true}` in journal.yaml.
    struct Split {
        var publicEntries: [Entry] = []
        var privateEntries: [Entry] = []
        var publicTrips: [String: TripInfo] = [:]
        var allTrips: [String: TripInfo] = [:]
        var isEmpty: Bool { privateEntries.isEmpty }

        init(entries: consuming [Entry], trips: [String: TripInfo], config: JournalConfig) {
            allTrips = trips
            let privateTrips = Set(trips.values.filter { $0.isPrivate || config.privateAll }.map(\.id))
            func locked(_ entry: Entry) -> Bool { entry.isPrivate || config.privateAll || entry.trip.map(privateTrips.contains) == true }
            // The public ones stay where they are (the list is this split's own): only the few
            // private ones are copied out.
            var all = consume entries
            privateEntries = all.filter(locked)
            if !privateEntries.isEmpty {
                // The public ones moved to the front in order, through the buffer (whose swaps
                // move values; `removeAll(where:)` copied each of them in and out).
                var kept = 0
                all.withUnsafeMutableBufferPointer { buffer in
                    for index in buffer.indices where !locked(buffer[index]) {
                        if index != kept { buffer.swapAt(kept, index) }
                        kept += 1
                    }
                }
                all.removeSubrange(kept...)
            }
            publicEntries = all
            publicTrips = trips.filter { !privateTrips.contains($0.key) }
            // Under `all: true` a trip without a trips/ file is private too; it needs one to carry its token.
            if config.privateAll {
                for id in Set(privateEntries.compactMap(\.trip)) where allTrips[id] == nil {
                    var info = TripInfo(id: id, bodyHTML: "", filePath: "")
                    info.isPrivate = true
                    allTrips[id] = info
                }
            }
        }

        /// Every entry, public and private, in a list of its own: the private part's model has
        /// them all. Made, and handed over, before that model is built on another thread: a
        /// split captured there shared the public list while the public model changed its
        /// entries, which copied every one of them first, on the core that builds that model.
        var allEntries: [Entry] { publicEntries + privateEntries }

        /// Gives every private entry and trip its token (derived from its path or id with the key).
        mutating func assignTokens(_ keys: PrivateKeys) {
            for index in privateEntries.indices {
                privateEntries[index].lockToken = keys.token("entry:" + privateEntries[index].relativePath)
            }
            for id in allTrips.keys where publicTrips[id] == nil {
                allTrips[id]!.lockToken = keys.token("trip:" + id)
            }
        }
    }

    /// The mood log the public pages show: all of it, none under `all: true`, and with
    /// `count_moods: true` the private entries' moods too (level and time, never a note).
    static func publicMoodLog(_ log: [MoodLogLine], privateEntries: [Entry], config: JournalConfig) -> [MoodLogLine] {
        var lines = log
        if config.privateAll { lines = config.privateMoodsCount ? log.map { MoodLogLine(date: $0.date, level: $0.level, note: nil) } : [] }
        if config.privateMoodsCount {
            lines += privateEntries.compactMap { entry in entry.mood.map { MoodLogLine(date: entry.date, level: $0, note: nil) } }
            lines.sort { $0.date.instant < $1.date.instant }
        }
        return lines
    }

    /// "private/", or the home page when the whole journal is private.
    static func indexPath(config: JournalConfig) -> String { config.privateAll ? "" : "private/" }

    /// `entries`: every entry, public and private (`Split.allEntries`), handed over.
    static func build(entries: consuming [Entry], trips: [String: TripInfo], keys: PrivateKeys, config: JournalConfig, moodLog: [MoodLogLine],
                      today: CalendarDay, theme: Theme, templates: TemplateSet, stylesheet: String, script: String,
                      processor: ImageProcessor?, paths: DisplayPaths) -> LockedSite {
        let indexPath = indexPath(config: config)
        // Its pages are the private entries', trips' and index's: the mood history, the task
        // list and the place index are made only if one of them reads it (the index reads the
        // tasks), not begun for every build on the core the public pages need; and only the
        // private entries' media are placed (the pages show no other entry's).
        let model = SiteModel(config: config, entries: consume entries, moodLog: moodLog,
                              trips: trips, today: today, privateIndexPath: indexPath, eagerViews: false, onlyLockedMedia: true)
        // No author photos on private pages: every image there is sealed, and fetching a public
        // face as a private page opens would tell whoever sees the requests who wrote it.
        let renderer = PageRenderer(model: model, templates: templates, theme: theme, stylesheet: stylesheet, script: script)
        var site = LockedSite()

        var work: [(path: String, kind: LockedPage.Kind, title: String, variant: String, render: @Sendable () -> [UInt8])] = []
        let privateIndexes = model.entries.indices.filter { model.entries[$0].lockToken != nil }
        for index in privateIndexes {
            let entry = model.entries[index]
            let variant = entry.theme.flatMap { theme.variants.contains($0) ? $0 : nil } ?? theme.defaultVariant
            work.append((entry.sitePath, .entry, entry.title, variant, { renderer.render(.entry(index)) }))
        }
        for (t, trip) in model.views.trips.trips.enumerated() where trip.info?.lockToken != nil {
            work.append((trip.sitePath, .trip, trip.title, theme.defaultVariant, { renderer.render(.trip(t)) }))
        }
        // The list of private entries in pages, as the public lists are: one sealed page of a
        // lifetime's private entries would be over a megabyte to download and decrypt.
        let split = PageSplit(months: privateIndexes.map { PageSplit.YearMonth(model.entries[$0].date.day) }, limit: config.paging.lists)
        for number in 1...split.count {
            let entries = Array(privateIndexes[split.parts[number - 1]])
            work.append((PageSplit.path(indexPath, page: number), .index, model.localization.text("privateEntries"), theme.defaultVariant, {
                renderer.renderPrivateIndex(entries: entries, page: number, of: split, base: indexPath)
            }))
        }
        let siteTitle = config.title
        let sealed: [(page: LockedPage, reads: [Int])] = parallelMap(work) { item in
            let (html, reads) = BodyReads.tracking(entryCount: model.entries.count) { item.render() }
            // As JSONSerialization wrote it (sorted keys, `/` escaped), at a fraction of its cost.
            var json = JSONText(capacity: html.count + 256, escapingSlashes: true)
            json.object(["html": .string(mainContent(of: html)), "title": .string(item.title + " · " + siteTitle), "variant": .string(item.variant)])
            let text = json.text
            return (LockedPage(sitePath: item.path, kind: item.kind, payload: keys.seal(PrivateKeys.padded(text), at: item.path).base64EncodedString()), reads)
        }
        site.pages = sealed.map(\.page)
        site.reads = Set(sealed.flatMap(\.reads)).sorted().map { model.entries[$0].relativePath }

        // Files of the private entries and trips only: photo sizes made (or found in the cache) as
        // for public entries, then sealed.
        guard let processor else { return site }
        let entries = privateIndexes.map { model.entries[$0] }
        let trips = model.views.trips.trips.filter { $0.info?.lockToken != nil }
        let images = processor.run(ImageProcessor.jobs(entries: entries, trips: trips, paths: paths))
        site.imagesProcessed = images.processed
        site.imagesFromCache = images.fromCache
        let plain = images.copies + StaticFiles.media(of: entries, trips: trips, originals: config.media.originals)
        site.copies = parallelMap(plain) { copy in
            let data: Data
            switch copy.source {
            case .file(let path), .cached(let path): data = FileIO.read(path) ?? Data()
            case .data(let bytes): data = bytes
            }
            return StaticFiles.Copy(source: .data(keys.seal(PrivateKeys.paddedFile(data), at: copy.sitePath)), sitePath: copy.sitePath)
        }
        return site
    }

    /// What the layout puts inside `<main>`: the part of the page the lock screen stands in for.
    /// Found in the UTF-8 bytes: Foundation's `range(of:)` went through UTF-16 over every
    /// private page, 20 ms of a 10k-entry build's CPU.
    static func mainContent(of html: [UInt8]) -> String {
        let bounds: (start: Int, end: Int)? = html.withUnsafeBufferPointer { bytes in
            guard let open = ByteSearch.find(mainOpen, in: bytes, from: 0),
                  let tagEnd = ByteSearch.find(tagClose, in: bytes, from: open + mainOpen.count),
                  let close = ByteSearch.findLast(mainClose, in: bytes), close >= tagEnd + 1 else { return nil }
            return (tagEnd + 1, close)
        }
        // Both ends are at ASCII bytes, so on scalar boundaries of the page's valid UTF-8.
        return html.withUnsafeBufferPointer { bytes in
            TextDecoding.trusted(UnsafeBufferPointer(rebasing: bytes[bounds.map { $0.start..<$0.end } ?? 0..<bytes.count]), from: "mainContent")
        }
    }

    private static let mainOpen = Array("<main".utf8), tagClose = Array(">".utf8), mainClose = Array("</main>".utf8)
}
