import Foundation
import Testing
@testable import JournalgenKit

/// Photos: sizes, EXIF orientation and GPS, the cache, body images, videos and errors.
@Suite struct ImageTests {
    /// A phone photo: stored sideways (EXIF orientation 6) with GPS at the Bastei and a time.
    static let phonePhoto = TestImages.jpeg(orientation: 6, latitude: (50, 57, 432, 10), longitude: (14, 4, 2532, 100),
                                            taken: "2026:09:05 16:40:00")

    func pixel(_ path: URL, _ x: Int, _ y: Int) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["vips", "getpoint", path.path, "\(x)", "\(y)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }.map { Int($0) }
    }

    @Test func exifPhotoIsUprightStrippedAndPlacesTheEntry() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-09-05-bastei.md", "---\ntitle: Bastei\ntrip: saxony\nmedia: [phone.jpg]\n---\nNo location in the front matter.\n")
        try journal.write("entries/2026-09-05-bastei/phone.jpg", Self.phonePhoto)
        let first = journal.build()
        #expect(first.succeeded, "\(first.diagnostics)")
        #expect(first.imagesProcessed == 1)

        // Upright: stored 96 x 24 with orientation 6, published 24 x 96 with the red half on top.
        let published = journal.output.appendingPathComponent("2026/09/05/bastei/phone-24.jpg")
        let header = try Vips.header(published.path).get()
        #expect((header.width, header.height) == (24, 96))
        let top = try pixel(published, 12, 8), bottom = try pixel(published, 12, 88)
        #expect(top.count == 3 && top[0] > 150 && top[2] < 100, "top is red: \(top)")
        #expect(bottom.count == 3 && bottom[2] > 150 && bottom[0] < 100, "bottom is blue: \(bottom)")
        #expect(header.fields["exif-ifd3-GPSLatitude"] == nil, "GPS is stripped from published files")
        #expect(FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("2026/09/05/bastei/phone-24.webp").path))
        #expect(!FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("2026/09/05/bastei/phone.jpg").path))

        // The photo's GPS places the entry, on its page and on the trip's map.
        let entry = try page(journal.output, "2026/09/05/bastei/index.html")
        #expect(entry.string("//li[@class='place']/a[@class='coords']") == "50.962° N, 14.0737° E")
        #expect(entry.string("//ul[@class='gallery']//img/@width") == "24")
        #expect(entry.string("//ul[@class='gallery']//img/@height") == "96")
        let trip = try page(journal.output, "trips/saxony/index.html")
        #expect(trip.count("//*[local-name()='svg']//*[local-name()='circle']") == 1)
        #expect(trip.count("//section[@class='trip-photos']//a[@data-view='image']") == 1)

        // A second build processes nothing.
        let second = journal.build()
        #expect(second.succeeded)
        #expect((second.imagesProcessed, second.imagesFromCache) == (0, 1))
        #expect(second.summary(paths: DisplayPaths()).contains("no photos processed (1 from the cache)"))
        #expect(try journal.read(".journalgen-cache/.gitignore").contains("*"))

        // Headers come from the cache's index while the photo is unchanged; a changed photo is read again.
        #expect(try journal.read(".journalgen-cache/images/headers.tsv").contains("\t96\t24\t6\t0\texif-"), "stored size and orientation 6")
        try journal.write("entries/2026-09-05-bastei/phone.jpg", TestImages.jpeg)
        let third = journal.build()
        #expect(third.succeeded && third.imagesProcessed == 1)
        #expect(try page(journal.output, "2026/09/05/bastei/index.html").string("//ul[@class='gallery']//img/@width") == "96")
    }

    /// A trip's cover and an author's photo are looked up like entries' photos: a build that finds
    /// every photo in the cache then opens none (and never loads libvips).
    @Test func coversAndAuthorPhotosUseTheHeaderIndex() throws {
        let journal = try TemporaryJournal(config: "title: T\nauthors:\n  ana: {name: Ana, photo: ana.jpg}\n")
        defer { journal.remove() }
        try journal.write("entries/2026-09-05-bastei.md", "---\ntitle: Bastei\ntrip: saxony\n---\nText.\n")
        try journal.write("trips/saxony.md", "---\ntitle: Saxony\ncover: rocks.jpg\n---\nA week.\n")
        try journal.write("trips/saxony/rocks.jpg", Self.phonePhoto)
        try journal.write("media/ana.jpg", TestImages.jpeg)
        let first = journal.build()
        #expect(first.succeeded, "\(first.diagnostics)")
        let index = try journal.read(".journalgen-cache/images/headers.tsv")
        // Named by their place inside the journal.
        let names = index.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).last ?? "" }
        #expect(names.contains("trips/saxony/rocks.jpg"), "the cover's header is kept: \(names)")
        #expect(names.contains("media/ana.jpg"), "the author's photo's header is kept: \(names)")
        let trip = try page(journal.output, "trips/saxony/index.html")
        #expect(trip.string("//div[@class='cover']//img/@width") == "24", "the cover stands upright: \(trip.string("//div[@class='cover']//img/@width"))")
    }

    /// The photo indexes are read byte by byte: their lines are taken as written, and damaged
    /// lines (cut short, a number too large, letters for a number) are skipped, never trusted.
    @Test func photoIndexesReadBackAndSkipDamagedLines() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/a.jpg", "not an image at all")
        let path = journal.root.appendingPathComponent("entries/a.jpg").path
        let stamp = try #require(FileIO.sizeAndTime(path))
        let folder = journal.root.appendingPathComponent(".journalgen-cache/images")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let index = "\(stamp.size)\t99999999999999999999\tbad\t\(path)\nx\ty\n\n\(stamp.size)\t\(stamp.modified)\tcafe\t\(path)\n"
        try Data(index.utf8).write(to: folder.appendingPathComponent("index.tsv"))
        let headers = "\(stamp.size)\t\(stamp.modified)\t12a\t4\t1\t0\t\t\(path)\n"
            + "\(stamp.size)\t\(stamp.modified)\t640\t480\t6\t1\texif-ifd0-DateTime=2026:01:02 03:04:05\u{1F}note=a=b\u{1F}\t\(path)"
        try Data(headers.utf8).write(to: folder.appendingPathComponent("headers.tsv"))
        let cache = ImageCache(journal: journal.root.path)
        #expect(cache.contentHash(path) == "cafe")
        let header = try cache.header(path).get()
        #expect(header.width == 640 && header.height == 480 && header.orientation == 6)
        #expect(header.hasAlpha)
        #expect(header.fields == ["exif-ifd0-DateTime": "2026:01:02 03:04:05", "note": "a=b"] as [String: String])
    }

    /// The photo indexes name photos inside the journal: a journal moved elsewhere (its files'
    /// times kept) finds its photos in them as they were, and lines naming another folder (where
    /// it was before, as earlier versions wrote them) are dropped, not read in every build.
    @Test func movedJournalKeepsItsPhotoIndexes() throws {
        let journal = try TemporaryJournal()
        try journal.write("entries/2026-09-05-bastei.md", "---\nmedia: [phone.jpg]\n---\nBody\n")
        try journal.write("entries/2026-09-05-bastei/phone.jpg", Self.phonePhoto)
        #expect(journal.build().succeeded)
        let index = journal.root.appendingPathComponent(".journalgen-cache/images/index.tsv")
        // A line from where the journal was before, as an earlier version wrote it.
        let stale = "237\t1795616411488674215\t\(String(repeating: "ab", count: 32))\t/elsewhere/journal/entries/old.jpg\n"
        try Data((stale + String(contentsOf: index, encoding: .utf8)).utf8).write(to: index)
        let moved = journal.root.deletingLastPathComponent().appendingPathComponent(journal.root.lastPathComponent + "-moved")
        try FileManager.default.moveItem(at: journal.root, to: moved)
        defer { try? FileManager.default.removeItem(at: moved) }
        var options = BuildOptions(journal: moved)
        options.today = CalendarDay(iso: "2026-11-22")
        options.paths = DisplayPaths(workingDirectory: moved.path)
        let report = BuildPipeline(options: options).run()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.imagesProcessed == 0)
        for name in ["index.tsv", "headers.tsv"] {
            let lines = try String(contentsOf: moved.appendingPathComponent(".journalgen-cache/images/" + name), encoding: .utf8)
                .split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasSuffix("\tentries/2026-09-05-bastei/phone.jpg"), "\(name): \(lines)")
        }
    }

    @Test func photoFarFromTheEntryIsAWarning() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-kyoto.md", "---\nlocation: {name: Kyoto, lat: 35.0, lon: 135.7}\nmedia: [phone.jpg]\n---\nBody\n")
        try journal.write("entries/2026-04-01-kyoto/phone.jpg", Self.phonePhoto)
        let report = journal.build()
        #expect(report.succeeded)
        let messages = report.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("location is ") && $0.contains("from where 'phone.jpg' was taken") }, "\(messages)")
        #expect(messages.contains { $0.contains("'phone.jpg' was taken 5 September 2026, 157 days from the entry's date") }, "\(messages)")
    }

    @Test func undatedEntryTakesItsPhotoTime() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/bastei.md", "---\nmedia: [phone.jpg]\n---\nBody\n")
        try journal.write("entries/bastei/phone.jpg", Self.phonePhoto)
        let report = journal.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("takes 2026-09-05T16:40:00+02:00 from its earliest photo 'phone.jpg'") })
        #expect(FileManager.default.fileExists(atPath: journal.output.appendingPathComponent("2026/09/05/bastei/index.html").path))
    }

    @Test func responsiveSizesNeverEnlarge() {
        let settings = ImageSettings()
        #expect(settings.widths(forImageWidth: 4000) == [480, 960, 1600])
        #expect(settings.widths(forImageWidth: 1200) == [480, 960, 1200])
        #expect(settings.widths(forImageWidth: 300) == [300])
        var photo = PhotoInfo(header: Vips.Header(width: 4000, height: 3000, orientation: 1, hasAlpha: true, fields: [:]), zone: TimeZone(identifier: "UTC")!)
        let sizes = ImageSize.sizes(of: photo, sitePath: "2026/04/03/kyoto/gate.v2.png", settings: settings)
        #expect(sizes.map(\.webp) == ["2026/04/03/kyoto/gate.v2-480.webp", "2026/04/03/kyoto/gate.v2-960.webp", "2026/04/03/kyoto/gate.v2-1600.webp"])
        #expect(sizes.map(\.fallback).first == "2026/04/03/kyoto/gate.v2-480.png", "transparency keeps PNG")
        #expect(sizes.map(\.height) == [360, 720, 1200])
        photo.hasAlpha = false
        #expect(ImageSize.sizes(of: photo, sitePath: "media/a.jpg", settings: settings).first?.fallback == "media/a-480.jpg")
    }

    /// The photo check (`ImageProcessor.listed`) hashes names and folders from their parts; the
    /// copies (`run`) key them by the names and paths themselves. A build that changed no photo
    /// publishes nothing new only while the two agree.
    @Test func photoCheckKeysAreThoseOfTheCopies() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let cache = ImageCache(journal: journal.root.path)
        let settingsKey = ImageCache.settingsKey(ImageSettings())
        let hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
        let folder = cache.sizesFolder(hash: hash, settingsKey: settingsKey)
        #expect(cache.sizesFolderHash(hash: hash, settingsKey: settingsKey) == SiteManifest.sourceKeyFolderHash(folder))
        let folderHash = SiteManifest.sourceKeyFolderHash(folder)
        for sitePath in ["2026/04/03/kyoto/gate-960.webp", "media/gate.v2-480.png", "media/noending", "media/dot.-480."] {
            #expect(ImageProcessor.cacheNameKey(sitePath, 960, folderHash: folderHash)
                    == SiteManifest.sourceKey(folderHash: folderHash, name: ImageProcessor.cacheName(sitePath, 960)), "\(sitePath)")
        }
    }

    @Test func exifValuesAsLibvipsShowsThem() {
        #expect(PhotoInfo.degrees("50/1 57/1 432/10 (50, 57, 43.2, Rational, 3 components, 24 bytes)", ref: "S (S, ASCII, 2 components, 2 bytes)", negative: "S", limit: 90) == -50.962)
        #expect(PhotoInfo.degrees("0/1 0/1 0/1 (0, 0, 0, Rational, 3 components, 24 bytes)", ref: "N", negative: "S", limit: 90) == nil, "0,0,0 is a camera without a fix")
        let date = PhotoInfo.date("2026:09:05 10:12:33 (2026:09:05 10:12:33, ASCII, 20 components, 20 bytes)", offset: "+09:00 (+09:00, ASCII, 7 components, 7 bytes)", zone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(date?.rfc3339 == "2026-09-05T10:12:33+09:00")
    }

    @Test func imagesInTheTextAreResolvedAndNeedAltText() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "Intro.\n\n![A red and blue flag](flag.png)\n\n![](flag.png)\n\n![Remote](https://example.org/x.png)\n")
        try journal.write("entries/2026-04-01-a/flag.png", TestImages.png)
        try journal.write("entries/2026-04-02-b.md", "Text\n\n![Gone](missing.jpg)\n")
        let bad = journal.build()
        #expect(!bad.succeeded)
        #expect(bad.diagnostics.contains { "\($0.location.path):\($0.location.line):\($0.location.column)" == "entries/2026-04-02-b.md:3:1" && $0.message.hasPrefix("the image 'missing.jpg' not found") },
                "\(bad.diagnostics)")
        #expect(bad.diagnostics.contains { $0.severity == .warning && $0.location.line == 5 && $0.message.contains("has no alt text") })

        try journal.write("entries/2026-04-02-b.md", "Text\n")
        #expect(journal.build().succeeded)
        let doc = try page(journal.output, "2026/04/01/a/index.html")
        #expect(doc.strings("//div[@class='entry-body']//picture//img/@alt") == ["A red and blue flag", ""])
        #expect(doc.string("//div[@class='entry-body']//picture/source/@srcset") == "/j/2026/04/01/a/flag-96.webp 96w")
        #expect(doc.string("//div[@class='entry-body']//img[@alt='Remote']/@src") == "https://example.org/x.png")
    }

    @Test func galleryMarkerPlacesTheGallery() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\nmedia: [{src: flag.png, caption: \"<b>Flag</b>\"}]\n---\nBefore.\n\n<!-- gallery -->\n\nAfter.\n")
        try journal.write("entries/2026-04-01-a/flag.png", TestImages.png)
        #expect(journal.build().succeeded)
        let doc = try page(journal.output, "2026/04/01/a/index.html")
        #expect(doc.count("//div[@class='entry-body']/section[@class='media']/ul[@class='gallery']") == 1)
        #expect(doc.count("//ul[@class='gallery']") == 1, "not repeated under the text")
        #expect(doc.string("//div[@class='entry-body']/p[2]") == "After.")
        #expect(doc.string("//ul[@class='gallery']//figcaption") == "<b>Flag</b>")
    }

    @Test func corruptPhotosAreErrorsNamingTheFile() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\nmedia: [broken.jpg]\n---\nA\n")
        try journal.write("entries/2026-04-01-a/broken.jpg", Data("not a photo".utf8))
        try journal.write("entries/2026-04-02-b.md", "---\nmood: meh\n---\nB\n")
        let report = journal.build()
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.location.path == "entries/2026-04-01-a.md" && $0.location.line == 2 && $0.message.hasPrefix("cannot read entries/2026-04-01-a/broken.jpg as an image") })
        #expect(report.errors == 2, "the other entry's error is reported too")
    }

    @Test func videosGetSizeAndPoster() throws {
        let journal = try TemporaryJournal(config: "title: T\nmedia: {video_warning_mb: 1}\n")
        defer { journal.remove() }
        try journal.write("entries/2026-04-01-a.md", "---\nmedia: [walk.mp4, {src: big.webm, poster: flag.png}]\n---\nA\n")
        try journal.write("entries/2026-04-01-a/walk.mp4", Data(count: 2048))
        try journal.write("entries/2026-04-01-a/big.webm", Data(count: 1_500_000))
        try journal.write("entries/2026-04-01-a/flag.png", TestImages.png)
        let report = journal.build { $0.paths = DisplayPaths(workingDirectory: journal.root.path) }
        #expect(report.succeeded)
        #expect(report.diagnostics.contains { $0.message.contains("big.webm is 1.5 MB, more than media.video_warning_mb (1 MB)") })
        let doc = try page(journal.output, "2026/04/01/a/index.html")
        #expect(doc.strings("//video/@preload") == ["metadata", "metadata"])
        #expect(doc.strings("//video/@poster") == ["/video-poster.svg", "/2026/04/01/a/flag-96.jpg"])
        #expect(doc.strings("//video/source/@type") == ["video/mp4", "video/webm"])
        #expect(doc.strings("//a[@data-view='video']") == ["Open video · 2 kB", "Open video · 1.5 MB"])
    }
}
