import Foundation

/// A type the entry cache writes and reads field by field, in declaration order, straight into
/// and out of the compact coder's bytes.
///
/// Why not Codable: the entry cache is the one thing a build codes in bulk (10,000 entries twice
/// on a first build: once for each entry's fingerprint, once to save the cache; once to read it
/// back on every later build), and Codable's boxed, generic containers cost more than the fields
/// themselves. docs/benchmarks.md has the figures.
///
/// The initialisers assign every stored property that has no default, so a new field without
/// one does not compile until it is coded here; a new field with a default is caught by
/// `IncrementalTests.testEntryRecordCodingKeepsEveryField`, which compares every stored property.
protocol CompactCodable {
    func write(compact sink: CompactSink)
    init(compact source: CompactSource) throws
}

extension CompactSink {
    @inline(__always) func bool(_ value: Bool) { byte(value ? 1 : 0) }

    // Inlined where they are used, so each is made for its own type: through a generic function
    // and a closure, every item and every optional entry was copied before it was written (a
    // retain of each of its texts, 5.9 million more retains in a 10k build with the cache than
    // without, on texts the other core was rendering pages from at the same time).
    @inline(__always) func optional(_ value: String?) {
        if let value { byte(1); string(value) } else { byte(0) }
    }
    @inline(__always) func optional(_ value: Int?) {
        if let value { byte(1); int(value) } else { byte(0) }
    }
    @inline(__always) func optional(_ value: Double?) {
        if let value { byte(1); double(value) } else { byte(0) }
    }
    @inline(__always) func optional<T: CompactCodable>(_ value: T?) {
        // Written where it is (`if let` would copy an entry's every field first).
        guard value != nil else { byte(0); return }
        byte(1)
        value?.write(compact: self)
    }

    @inline(__always) func list<T>(_ items: [T], _ write: (T) -> Void) {
        int(items.count)
        for index in items.indices { write(items[index]) }
    }

    @inline(__always) func list(_ items: [String]) {
        int(items.count)
        for index in items.indices { string(items[index]) }
    }
    @inline(__always) func list<T: CompactCodable>(_ items: [T]) {
        int(items.count)
        for index in items.indices { items[index].write(compact: self) }
    }

    /// A case of a field-less enum, by its place in `allCases`.
    func caseOf<T: CaseIterable & Equatable>(_ value: T) {
        int(T.allCases.distance(from: T.allCases.startIndex, to: T.allCases.firstIndex(of: value)!))
    }
}

extension CompactSource {
    func bool() throws -> Bool { try byte() != 0 }

    func optional<T>(_ read: () throws -> T) throws -> T? {
        try byte() == 0 ? nil : try read()
    }

    func optionalString() throws -> String? { try optional(string) }
    func optionalInt() throws -> Int? { try optional(int) }
    func optionalDouble() throws -> Double? { try optional(double) }
    func optional<T: CompactCodable>(_ type: T.Type) throws -> T? { try optional { try T(compact: self) } }

    /// A damaged count cannot make a huge array: every item takes at least one byte.
    func list<T>(_ read: () throws -> T) throws -> [T] {
        let count = try int()
        // Most lists of a record are empty (mentions, links, images...).
        if count == 0 { return [] }
        guard count > 0, count <= bytes.count - position else { throw CompactCoder.Failure() }
        var items: [T] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try read()) }
        return items
    }

    func strings() throws -> [String] { try list(string) }

    func caseOf<T: CaseIterable>(_ type: T.Type) throws -> T {
        let index = try int()
        guard index >= 0, index < T.allCases.count else { throw CompactCoder.Failure() }
        return T.allCases[T.allCases.index(T.allCases.startIndex, offsetBy: index)]
    }
    func list<T: CompactCodable>(_ type: T.Type) throws -> [T] { try list { try T(compact: self) } }
}

extension CompactCoder {
    static func bytes<T: CompactCodable>(compact value: T, capacity: Int = 1024) -> [UInt8] {
        let sink = CompactSink(capacity: capacity)
        value.write(compact: sink)
        return sink.bytes
    }

    /// The value whose bytes are the next `length` of `source`.
    static func decode<T: CompactCodable>(compact type: T.Type, from source: CompactSource, length: Int) throws -> T {
        let end = source.position + length
        guard length >= 0, end <= source.bytes.count else { throw Failure() }
        let value = try T(compact: source)
        guard source.position == end else { throw Failure() }
        return value
    }
}

// MARK: - The cache's records

extension EntryCache.Record: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(hash)
        sink.optional(file)
        sink.list(inputs)
        sink.optional(entry)
        sink.list(diagnostics)
        sink.bool(withDrafts)
    }

    /// Through the memberwise initialiser, as `TaskItem`'s (see there).
    init(compact source: CompactSource) throws {
        self = EntryCache.Record(hash: try source.string(), file: try source.optional(EntryCache.Stamp.self), inputs: try source.list(EntryCache.Stamp.self),
                                 entry: try source.optional(Entry.self), diagnostics: try source.list(Diagnostic.self), withDrafts: try source.bool())
    }
}

extension EntryCache.Stamp: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(path)
        sink.optional(size)
        sink.optional(modified)
    }

    init(compact source: CompactSource) throws {
        path = try source.string()
        size = try source.optionalInt()
        modified = try source.optionalInt()
    }
}

extension Diagnostic: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.caseOf(severity)
        location.write(compact: sink)
        sink.string(message)
    }

    init(compact source: CompactSource) throws {
        severity = try source.caseOf(Severity.self)
        location = try SourceLocation(compact: source)
        message = try source.string()
    }
}

extension SourceLocation: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(path)
        sink.int(line)
        sink.int(column)
    }

    init(compact source: CompactSource) throws {
        path = try source.string()
        line = try source.int()
        column = try source.int()
    }
}

// MARK: - The entry

extension Entry: CompactCodable {
    func write(compact sink: CompactSink) { write(compact: sink, text: true) }

    /// `text`: false leaves out the rendered body and the fingerprints, for the fingerprint of
    /// everything else loading made of the entry; and the paths shown in messages, which no page
    /// shows and which depend on the folder the build runs in.
    ///
    /// Field by field through the entry's accessors, each read where it is: a method of `Fields`
    /// called on the entry's fields copied all 29 out of its box first (a retain and a release of
    /// each text, for every entry written to the cache and every entry's fingerprint).
    func write(compact sink: CompactSink, text: Bool) {
        if text { sink.string(displayPath) }
        sink.string(relativePath)
        sink.string(filePath)
        sink.string(title)
        sink.bool(titleIsDate)
        date.write(compact: sink)
        sink.bool(showsZone)
        sink.optional(mood)
        sink.optional(theme)
        sink.optional(place)
        sink.optional(trip)
        sink.list(media)
        sink.list(tags)
        sink.optional(glory)
        sink.optional(revisit)
        sink.bool(isPrivate)
        sink.bool(isDraft)
        sink.string(slug)
        extra.write(compact: sink)
        sink.list(authors)
        sink.string(sitePath)
        sink.optional(lockToken)
        if text { sink.optional(themeLocation) }
        sink.list(bodyImages)
        guard text else { return }
        body.write(compact: sink)
        sink.string(loadedFingerprint)
        sink.string(loadedTextFingerprint)
        sink.string(loadedCardFingerprint)
        sink.string(loadedTasksFingerprint)
    }

    init(compact source: CompactSource) throws { self.init(try Fields.read(source)) }
}

extension Entry.Fields {
    /// Read in the order written, then made by the memberwise initialiser straight into the
    /// result: set field by field, or given to `self` in an initialiser, the 29 fields were made
    /// aside and copied out (17 M instructions at 10,000 entries; see `TaskItem.init(compact:)`).
    static func read(_ source: CompactSource) throws -> Entry.Fields {
        let displayPath = try source.string(), relativePath = try source.string(), filePath = try source.string()
        let title = try source.string(), titleIsDate = try source.bool()
        let date = try EntryDate(compact: source), showsZone = try source.bool()
        let mood = try source.optional(MoodLevel.self), theme = try source.optionalString()
        let place = try source.optional(Place.self), trip = try source.optionalString()
        let media = try source.list { try MediaItem.read(source) }, tags = try source.strings()
        let glory = try source.optional(Glory.self), revisit = try source.optional(RevisitInterval.self)
        let isPrivate = try source.bool(), isDraft = try source.bool()
        let slug = try source.string(), extra = try MetaNode(compact: source)
        let authors = try source.strings(), sitePath = try source.string(), lockToken = try source.optionalString()
        let themeLocation = try source.optional(SourceLocation.self), bodyImages = try source.list { try MediaItem.read(source) }
        let body = try RenderedBody(compact: source)
        return Entry.Fields(displayPath: displayPath, relativePath: relativePath, filePath: filePath, title: title, titleIsDate: titleIsDate,
                            date: date, showsZone: showsZone, mood: mood, theme: theme, place: place, trip: trip, media: media, tags: tags,
                            glory: glory, revisit: revisit, isPrivate: isPrivate, isDraft: isDraft, slug: slug, extra: extra, body: body,
                            authors: authors, sitePath: sitePath, lockToken: lockToken, themeLocation: themeLocation, bodyImages: bodyImages,
                            loadedFingerprint: try source.string(), loadedTextFingerprint: try source.string(),
                            loadedCardFingerprint: try source.string(), loadedTasksFingerprint: try source.string())
    }
}

extension CalendarDay: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.int(year)
        sink.int(month)
        sink.int(day)
    }

    init(compact source: CompactSource) throws {
        year = try source.int()
        month = try source.int()
        day = try source.int()
    }
}

extension EntryDate: CompactCodable {
    func write(compact sink: CompactSink) {
        day.write(compact: sink)
        sink.int(hour)
        sink.int(minute)
        sink.int(second)
        sink.bool(hasTime)
        sink.int(utcOffset)
    }

    init(compact source: CompactSource) throws {
        day = try CalendarDay(compact: source)
        hour = try source.int()
        minute = try source.int()
        second = try source.int()
        hasTime = try source.bool()
        utcOffset = try source.int()
    }
}

extension MoodLevel: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(value)
        sink.string(label)
        sink.string(emoji)
        sink.string(colour)
        sink.int(score)
    }

    init(compact source: CompactSource) throws {
        if let known = source.recentMood() {
            self = known
            return
        }
        let start = source.position
        value = try source.string()
        label = try source.string()
        emoji = try source.string()
        colour = try source.string()
        score = try source.int()
        source.remember(self, from: start)
    }
}

extension MoodLogLine: CompactCodable {
    func write(compact sink: CompactSink) {
        date.write(compact: sink)
        level.write(compact: sink)
        sink.optional(note)
        sink.optional(author)
    }

    init(compact source: CompactSource) throws {
        date = try EntryDate(compact: source)
        level = try MoodLevel(compact: source)
        note = try source.optionalString()
        author = try source.optionalString()
    }
}

extension Place: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.optional(name)
        sink.optional(latitude)
        sink.optional(longitude)
    }

    init(compact source: CompactSource) throws {
        name = try source.optionalString()
        latitude = try source.optionalDouble()
        longitude = try source.optionalDouble()
    }
}

extension Glory: CompactCodable {
    func write(compact sink: CompactSink) {
        switch self {
        case .realised(let day): sink.bool(true); day.write(compact: sink)
        case .undated: sink.bool(false)
        }
    }

    init(compact source: CompactSource) throws {
        self = try source.bool() ? .realised(try CalendarDay(compact: source)) : .undated
    }
}

extension RevisitInterval: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.int(amount)
        sink.caseOf(unit)
        sink.optional(day)
    }

    init(compact source: CompactSource) throws {
        amount = try source.int()
        unit = try source.caseOf(Unit.self)
        day = try source.optional(CalendarDay.self)
    }
}

extension MetaNode: CompactCodable {
    func write(compact sink: CompactSink) {
        switch value {
        case .scalar(let text, let plain): sink.byte(0); sink.string(text); sink.bool(plain)
        case .list(let nodes): sink.byte(1); sink.list(nodes)
        case .table(let entries): sink.byte(2); sink.list(entries)
        case .null: sink.byte(3)
        }
        sink.int(line)
        sink.int(column)
    }

    init(compact source: CompactSource) throws {
        switch try source.byte() {
        case 0: value = .scalar(try source.string(), plain: try source.bool())
        case 1: value = .list(try source.list(MetaNode.self))
        case 2: value = .table(try source.list(MetaEntry.self))
        case 3: value = .null
        default: throw CompactCoder.Failure()
        }
        line = try source.int()
        column = try source.int()
    }
}

extension MetaEntry: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(key)
        sink.int(line)
        sink.int(column)
        node.write(compact: sink)
    }

    init(compact source: CompactSource) throws {
        key = try source.string()
        line = try source.int()
        column = try source.int()
        node = try MetaNode(compact: source)
    }
}

// MARK: - Media

extension MediaItem: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(source)
        // Kept, not found again from the name's ending: 1,200 instructions an item as read back.
        sink.byte(kind.rawValue)
        sink.optional(caption)
        sink.optional(poster)
        sink.optional(filePath)
        sink.string(sitePath)
        sink.optional(posterPath)
        sink.optional(posterSitePath)
        sink.optional(track)
        sink.optional(photo)
        sink.optional(posterPhoto)
        sink.optional(posterFrame)
        sink.optional(byteCount)
        sink.list(sizes)
        sink.list(posterSizes)
        sink.optional(alt)
        sink.int(line)
        sink.int(column)
    }

    init(compact source: CompactSource) throws { self = try Self.read(source) }

    /// Made by the memberwise initialiser straight into the result, as `Entry.Fields.read`
    /// (given to `self`, the 18 fields were still made aside and copied: 7 M instructions).
    static func read(_ source: CompactSource) throws -> MediaItem {
        let file = try source.string()
        guard let kind = Kind(rawValue: try source.byte()) else { throw CompactCoder.Failure() }
        return MediaItem(source: file, kind: kind, caption: try source.optionalString(), poster: try source.optionalString(),
                         filePath: try source.optionalString(), sitePath: try source.string(),
                         posterPath: try source.optionalString(), posterSitePath: try source.optionalString(),
                         track: try source.optional(GPXTrack.self), photo: try source.optional(PhotoInfo.self),
                         posterPhoto: try source.optional(PhotoInfo.self), posterFrame: try source.optionalString(),
                         byteCount: try source.optionalInt(), sizes: try source.list(ImageSize.self),
                         posterSizes: try source.list(ImageSize.self), alt: try source.optionalString(),
                         line: try source.int(), column: try source.int())
    }
}

extension GPXTrack: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.list(segments) { segment in sink.list(segment) { sink.double($0.latitude); sink.double($0.longitude) } }
        sink.list(elevations) { sink.list($0, sink.double) }
    }

    init(compact source: CompactSource) throws {
        segments = try source.list { try source.list { Point(latitude: try source.double(), longitude: try source.double()) } }
        elevations = try source.list { try source.list(source.double) }
    }
}

extension PhotoInfo: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.int(width)
        sink.int(height)
        sink.bool(hasAlpha)
        sink.optional(latitude)
        sink.optional(longitude)
        sink.optional(taken)
    }

    init(compact source: CompactSource) throws {
        width = try source.int()
        height = try source.int()
        hasAlpha = try source.bool()
        latitude = try source.optionalDouble()
        longitude = try source.optionalDouble()
        taken = try source.optional(EntryDate.self)
    }
}

extension ImageSize: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.int(width)
        sink.int(height)
        sink.string(webp)
        sink.string(fallback)
    }

    init(compact source: CompactSource) throws {
        width = try source.int()
        height = try source.int()
        webp = try source.string()
        fallback = try source.string()
    }
}

// MARK: - The body

extension RenderedBody: CompactCodable {
    func write(compact sink: CompactSink) {
        htmlText.write(to: sink)
        excerptText.write(to: sink)
        summaryText.write(to: sink)
        sink.optional(firstHeading)
        sink.int(wordCount)
        sink.bool(hasMore)
        sink.list(images)
        sink.bool(hasGalleryMarker)
        sink.list(tasks)
        sink.list(links)
        anchorList.write(to: sink)
    }

    /// Through the memberwise initialiser, as `TaskItem`'s (see there).
    init(compact source: CompactSource) throws {
        self = RenderedBody(htmlText: try source.text(), excerptText: try source.text(), summaryText: try source.text(),
                            firstHeading: try source.optionalString(), wordCount: try source.int(), hasMore: try source.bool(),
                            images: try source.list(CmarkGFM.Image.self), hasGalleryMarker: try source.bool(),
                            tasks: try source.list(TaskItem.self), links: try source.list(CmarkGFM.Link.self), anchorList: try source.stringList())
    }
}

extension CmarkGFM.Image: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(source)
        sink.string(alt)
        sink.int(line)
        sink.int(column)
    }

    init(compact source: CompactSource) throws {
        self.source = try source.string()
        alt = try source.string()
        line = try source.int()
        column = try source.int()
    }
}

extension CmarkGFM.Link: CompactCodable {
    func write(compact sink: CompactSink) {
        sink.string(target)
        sink.bool(isWiki)
        sink.int(line)
        sink.int(column)
    }

    init(compact source: CompactSource) throws {
        target = try source.string()
        isWiki = try source.bool()
        line = try source.int()
        column = try source.int()
    }
}

extension TaskItem: CompactCodable {
    func write(compact sink: CompactSink) {
        textStorage.write(to: sink)
        sink.bool(isDone)
        sink.bool(isImportant)
        sink.optional(due)
        sink.optional(invalidDue)
        sink.list(mentions)
        sink.optional(assignee)
        sink.optional(parent)
        sink.int(line)
        sink.int(column)
        anchorStorage.write(to: sink)
    }

    /// The whole item given to the memberwise initialiser: a throwing initialiser that sets the
    /// fields one by one made the item aside and copied it out (retaining each string and list,
    /// then releasing the first), 22 M instructions for the 60,000 items of a 10k journal's cache.
    init(compact source: CompactSource) throws {
        self = TaskItem(textStorage: try source.text(), isDone: try source.bool(), isImportant: try source.bool(),
                        due: try source.optional(CalendarDay.self), invalidDue: try source.optionalString(), mentions: try source.strings(),
                        assignee: try source.optionalString(), parent: try source.optionalString(),
                        line: try source.int(), column: try source.int(), anchorStorage: try source.text())
    }
}
