/// The travel journal: entries grouped by `trip:`, with what `trips/<id>.md` says about each.
public struct TripIndex: Sendable {
    public struct Stop: Sendable {
        public var entry: Int
        public var place: Place
    }

    public struct Track: Sendable {
        public var entry: Int
        public var media: Int
        public var track: GPXTrack
    }

    public struct Trip: Sendable {
        public var id: String
        public var info: TripInfo?
        public var title: String
        /// Oldest first: a trip reads in the order it happened.
        public var entries: [Int]
        public var start: CalendarDay
        public var end: CalendarDay
        /// Entry places with coordinates, in time order: the line drawn on the map.
        public var stops: [Stop]
        public var tracks: [Track]
        /// The cover from trips/<id>.md, placed in the site; else nil.
        public var cover: MediaItem?
        public var sitePath: String { Self.sitePath(id, info: info) }
        static func sitePath(_ id: String, info: TripInfo?) -> String {
            if let token = info?.lockToken { return "private/\(token)/" }
            return "trips/\(Slug.make(id).isEmpty ? "trip" : Slug.make(id))/"
        }
        public var days: Int { end.daysSinceEpoch - start.daysSinceEpoch + 1 }
        public var distanceMetres: Double { tracks.reduce(0) { $0 + $1.track.distanceMetres } }
    }

    /// Newest trip first.
    public let trips: [Trip]
    public let byID: [String: Int]

    public init(entries: [Entry], infos: [String: TripInfo], settings: ImageSettings = ImageSettings()) {
        var grouped: [String: [Int]] = [:]
        for index in entries.indices.reversed() {
            if let id = entries[index].trip { grouped[id, default: []].append(index) }
        }
        var trips: [Trip] = grouped.map { id, members in
            let info = infos[id]
            let days = members.map { entries[$0].date.day }
            var stops: [Stop] = []
            var tracks: [Track] = []
            for index in members {
                if let place = entries[index].place, place.hasCoordinates { stops.append(Stop(entry: index, place: place)) }
                for (m, item) in entries[index].media.enumerated() {
                    if let track = item.track { tracks.append(Track(entry: index, media: m, track: track)) }
                }
            }
            var cover = info?.cover.map { [$0] } ?? []
            if let info { SiteModel.placeMedia(&cover, owner: info.filePath, page: Trip.sitePath(id, info: info), settings: settings, lockToken: info.lockToken) }
            return Trip(id: id, info: info, title: info?.title ?? Self.title(fromID: id), entries: members,
                        start: info?.start.map { min($0, days.min()!) } ?? days.min()!,
                        end: info?.end.map { max($0, days.max()!) } ?? days.max()!,
                        stops: stops, tracks: tracks, cover: cover.first)
        }
        trips.sort { ($0.start, $0.id) > ($1.start, $1.id) }
        self.trips = trips
        byID = Dictionary(uniqueKeysWithValues: trips.enumerated().map { ($1.id, $0) })
    }

    /// "japan-2026" → "Japan 2026", for a trip without a trips/ file.
    static func title(fromID id: String) -> String {
        id.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

/// Every place the journal names, with how often and when it was visited.
public struct PlaceIndex: Sendable {
    public struct Visit: Sendable {
        public var name: String
        public var place: Place
        /// Oldest first.
        public var entries: [Int]
        public var first: CalendarDay
        public var last: CalendarDay
    }

    /// By name.
    public let places: [Visit]

    /// What a place is listed as: its name, else its coordinates; nil when it has neither.
    static func name(of place: Place) -> String? {
        let name = place.name ?? PlaceView.coordinateText(place) ?? ""
        return name.isEmpty ? nil : name
    }

    /// Whether any entry has a place that would be listed (`!places.isEmpty`), without listing them.
    static func hasPlaces(_ entries: [Entry]) -> Bool {
        entries.contains { $0.place.flatMap(name(of:)) != nil }
    }

    public init(entries: [Entry]) {
        var visits: [String: Visit] = [:]
        for index in entries.indices.reversed() {
            guard let place = entries[index].place, let name = Self.name(of: place) else { continue }
            let key = name.lowercased()
            let day = entries[index].date.day
            // In place: a visit taken out and put back copied its list of entries at each append.
            if let slot = visits.index(forKey: key) {
                visits.values[slot].entries.append(index)
                visits.values[slot].last = max(visits.values[slot].last, day)
                if !visits.values[slot].place.hasCoordinates && place.hasCoordinates { visits.values[slot].place = place }
            } else {
                visits[key] = Visit(name: name, place: place, entries: [index], first: day, last: day)
            }
        }
        places = visits.values.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }
}
