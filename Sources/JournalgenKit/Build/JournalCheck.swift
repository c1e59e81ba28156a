import Foundation

/// What `journalgen check` looks at beyond what a build reports: the site's own links after
/// rendering, files no entry uses, entries written twice, and entries dated after the build day.
struct JournalCheck {
    var model: SiteModel
    var journal: String
    var paths: DisplayPaths
    var diagnostics: DiagnosticsEngine

    /// Every `href` and `src` of a rendered page that points into the site (below its base path)
    /// must name a file the build writes (`written`, site-relative paths).
    func siteLinks(pages: [(path: String, addresses: [String])], written: Set<String>) {
        let base = model.config.basePath
        var reported = 0, missing = 0
        for page in pages {
            var seen = Set<String>()
            for address in page.addresses where address.hasPrefix(base) && seen.insert(address).inserted {
                var target = String(address.dropFirst(base.count))
                if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
                target = target.removingPercentEncoding ?? target
                if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
                guard !written.contains(target) else { continue }
                missing += 1
                if reported < 20 {
                    reported += 1
                    diagnostics.error("the page \(page.path) links to \(address), which the build does not write; expected a page or file of the site (a template's link?)",
                                      at: SourceLocation(path: page.path))
                }
            }
        }
        if missing > reported {
            diagnostics.error("\(missing - reported) more links of the site lead to files the build does not write", at: SourceLocation(path: paths.display(path: journal)))
        }
    }

    /// The values of `href="…"` and `src="…"` in a page, as written (HTML-escaped `&amp;` undone).
    static func addresses(in html: String) -> [String] {
        // One pass over the bytes: searching for each attribute from every position was
        // quadratic on long pages (minutes for a 10k-entry journal).
        return html.withUTF8Bytes { bytes -> [String] in
            var found: [String] = []
            let quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")
            let href = Array(" href".utf8), src = Array(" src".utf8)
            var i = 0
            while i + 1 < bytes.count {
                guard bytes[i] == equals, bytes[i + 1] == quote else { i += 1; continue }
                func ends(with name: [UInt8]) -> Bool {
                    i >= name.count && zip(bytes[(i - name.count)..<i], name).allSatisfy { $0 == $1 }
                }
                guard ends(with: href) || ends(with: src) else { i += 2; continue }
                var end = i + 2
                while end < bytes.count, bytes[end] != quote { end += 1 }
                found.append(String(decoding: bytes[(i + 2)..<end], as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&"))
                i = end + 1
            }
            return found
        }
    }

    /// Photos, videos and other files in the entries' folders and media/ that no entry, trip or
    /// author uses: one warning with their number and size.
    func unusedMedia(used: Set<String>) {
        var unused: [(path: String, bytes: Int)] = []
        for folder in ["entries", "media"] {
            for relative in FileIO.listFiles(below: journal + "/" + folder, include: { !$0.hasSuffix(".md") && !$0.hasPrefix(".") && !$0.contains("/.") }) {
                let path = LinkResolver.standard(journal + "/" + folder + "/" + relative)
                guard !used.contains(path) else { continue }
                unused.append((folder + "/" + relative, FileIO.sizeAndTime(path)?.size ?? 0))
            }
        }
        guard !unused.isEmpty else { return }
        let photos = unused.filter { MediaItem.isPhoto($0.path) }.count
        let total = unused.reduce(0) { $0 + $1.bytes }
        let what = photos == unused.count ? "\(photos) photo\(photos == 1 ? "" : "s")" : "\(unused.count) file\(unused.count == 1 ? "" : "s")"
        let names = unused.prefix(5).map(\.path).joined(separator: ", ") + (unused.count > 5 ? ", …" : "")
        diagnostics.warning("\(what), \(MediaInspector.sizeText(total)), not used by any entry: \(names); expected each file in an entry's media: or text (or delete it)",
                            at: SourceLocation(path: paths.display(path: journal + "/" + unused[0].path)))
    }

    /// Two entries with the same day and title, or the same text.
    func duplicates() {
        var byDayAndTitle: [String: Int] = [:], byText: [String: Int] = [:]
        for index in model.entries.indices.reversed() {
            let entry = model.entries[index]
            let key = "\(entry.date.day) \(entry.title.lowercased())"
            if let first = byDayAndTitle[key] {
                diagnostics.warning("this entry has the same day and title as \(model.entries[first].displayPath); expected one entry (a copy?)", at: SourceLocation(path: entry.displayPath))
            } else { byDayAndTitle[key] = index }
            let text = entry.body.html
            guard text.utf8.count > 40 else { continue }
            if let first = byText[text] {
                diagnostics.warning("this entry has the same text as \(model.entries[first].displayPath); expected one entry (a copy?)", at: SourceLocation(path: entry.displayPath))
            } else { byText[text] = index }
        }
    }

    /// Entries dated after the build day, which builds leave out until then.
    static func future(_ leftOut: [String: String], paths: DisplayPaths, diagnostics: DiagnosticsEngine) {
        for (path, why) in leftOut.sorted(by: { $0.key < $1.key }) where why == "dated after the build day" {
            diagnostics.warning("the entry is dated after the build day, so builds leave it out until then; expected today or earlier (or --future to see it)",
                                at: SourceLocation(path: paths.display(path: path), line: 1, column: 1))
        }
    }
}
