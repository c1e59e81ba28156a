import Foundation

/// Reads what the site needs of an entry's files while loading: a photo's size, place and time,
/// a video's size and poster. Headers only; pixels are decoded later, by `ImageProcessor`.
struct MediaInspector: Sendable {
    var zone: any LocalOffsets
    var settings: ImageSettings
    var cache: ImageCache
    var paths: DisplayPaths
    /// ffmpeg on the PATH, for poster frames of videos without a `poster:`.
    var ffmpeg: String? = MediaInspector.findOnPath("ffmpeg")

    /// A photo is "far" from the entry's place or date beyond these.
    static let farKilometres = 50.0
    static let farSeconds = 2 * 86_400

    func photo(at path: String, item: MediaItem, in entry: Entry, diagnostics: DiagnosticsEngine) -> PhotoInfo? {
        switch PhotoInfo.read(path, zone: zone, paths: paths, cache: cache) {
        case .success(let photo):
            return photo
        case .failure(let problem):
            diagnostics.error(problem.message, at: SourceLocation(path: entry.displayPath, line: item.line, column: item.column))
            return nil
        }
    }

    /// Size, place and time of photos; size and poster of videos.
    func inspect(_ item: inout MediaItem, in entry: Entry, diagnostics: DiagnosticsEngine) {
        guard let file = item.filePath else { return }
        let at = SourceLocation(path: entry.displayPath, line: item.line, column: item.column)
        if item.isPhoto { item.photo = photo(at: file, item: item, in: entry, diagnostics: diagnostics) }
        guard item.isVideo else { return }
        item.byteCount = FileIO.size(file)
        if let bytes = item.byteCount, bytes > settings.videoWarningMB * 1_000_000 {
            diagnostics.warning("the video \(paths.display(path: file)) is \(Self.sizeText(bytes)), more than media.video_warning_mb (\(settings.videoWarningMB) MB); readers download it to watch it",
                                at: at)
        }
        if let poster = item.posterPath {
            if MediaItem.isPhoto(poster) { item.posterPhoto = photo(at: poster, item: item, in: entry, diagnostics: diagnostics) }
        } else if let ffmpeg, let frame = frame(of: file, ffmpeg: ffmpeg) {
            item.posterFrame = frame
            item.posterPhoto = photo(at: frame, item: item, in: entry, diagnostics: diagnostics)
        }
    }

    /// A frame a second into the video (or its first, for a shorter one), made once and cached.
    func frame(of video: String, ffmpeg: String) -> String? {
        guard let hash = cache.contentHash(video), cache.prepare() else { return nil }
        let path = cache.framePath(hash: hash)
        if FileIO.isRegularFile(path) { return path }
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier).jpg"
        for start in ["1", "0"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments = ["-nostdin", "-v", "error", "-y", "-ss", start, "-i", video, "-frames:v", "1", "-q:v", "3", temporary]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            if process.terminationStatus == 0, FileIO.isRegularFile(temporary), rename(temporary, path) == 0 { return path }
        }
        unlink(temporary)
        return nil
    }

    /// When the entry has no place, its first photo with GPS gives the coordinates; when both
    /// have one and they are far apart, or a photo was taken far from the entry's date, a warning.
    static func applyPhotoMetadata(to entry: inout Entry, diagnostics: DiagnosticsEngine) {
        let photos = (entry.media + entry.bodyImages).filter { $0.photo != nil }
        if let located = photos.first(where: { $0.photo!.hasCoordinates }), let photo = located.photo {
            let fromPhoto = GPXTrack.Point(latitude: photo.latitude!, longitude: photo.longitude!)
            if entry.place == nil {
                entry.place = Place(name: nil, latitude: fromPhoto.latitude, longitude: fromPhoto.longitude)
            } else if entry.place?.hasCoordinates == false {
                entry.place?.latitude = fromPhoto.latitude
                entry.place?.longitude = fromPhoto.longitude
            } else if let place = entry.place, let lat = place.latitude, let lon = place.longitude {
                let metres = GeoMath.distance(GPXTrack.Point(latitude: lat, longitude: lon), fromPhoto)
                if metres > farKilometres * 1000 {
                    diagnostics.warning("location is \(GeoMath.distanceText(metres)) from where '\(located.source)' was taken (\(fromPhoto.latitude), \(fromPhoto.longitude)); check the entry's location or the photo",
                                        at: SourceLocation(path: entry.displayPath, line: located.line, column: located.column))
                }
            }
        }
        for item in photos {
            guard let taken = item.photo?.taken, abs(taken.instant - entry.date.instant) > farSeconds else { continue }
            let days = abs(taken.instant - entry.date.instant) / 86_400
            diagnostics.warning("'\(item.source)' was taken \(DateText.long(taken.day)), \(days) days from the entry's date \(DateText.long(entry.date.day)); is it the right photo, or the right date?",
                                at: SourceLocation(path: entry.displayPath, line: item.line, column: item.column))
        }
    }

    /// The earliest time among an entry's photos, for an entry without a date.
    func earliestPhotoDate(_ media: [MediaItem], entryPath: String, resolver: MediaResolver) -> (date: EntryDate, photo: String)? {
        var best: (date: EntryDate, photo: String)?
        for item in media where item.isPhoto {
            guard case .success(let file) = resolver.resolve(item.source, entryPath: entryPath),
                  case .success(let photo) = PhotoInfo.read(file, zone: zone, paths: paths, cache: cache),
                  let taken = photo.taken else { continue }
            if best == nil || taken.instant < best!.date.instant { best = (taken, item.source) }
        }
        return best
    }

    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1_000_000) : "\(max(1, bytes / 1000)) kB"
    }

    static func findOnPath(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
