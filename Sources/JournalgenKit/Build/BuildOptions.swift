import Foundation

/// What `journalgen build` (or `check`) was asked to do.
public struct BuildOptions: Sendable {
    public var journal: URL
    /// Default: JOURNAL/_site.
    public var output: URL?
    public var includeDrafts = false
    public var includeFuture = false
    public var baseURL: String?
    /// Warnings fail the build.
    public var strict = false
    /// The build's "today"; default: the current day in the journal's time zone.
    public var today: CalendarDay?
    /// False for `check`: everything is loaded and rendered, nothing is written.
    public var writeOutput = true
    public var paths = DisplayPaths()
    /// A progress line while many photos are processed (the command sets it on a terminal).
    public var showProgress = false
    /// Asked for the passphrase when the journal has private entries; `isNew` is true when the
    /// journal has none yet (the command then asks twice). Nil or empty: the build fails.
    public var passphrase: (@Sendable (_ isNew: Bool) -> String?)?
    /// `passphrase` answers without asking anyone (JOURNALGEN_PASSPHRASE): for a journal whose
    /// pages were encrypted before, the key (PBKDF2, a tenth of a second on one core) is then
    /// derived while the entries load instead of after.
    public var passphraseAtHand = false
    /// Where the derived key is kept between builds (JOURNALGEN_KEY_CACHE); nil derives it in
    /// every build.
    public var keyAgent: KeyAgent?
    /// Encrypt with a passphrase other than the last build's, on purpose (`--new-passphrase`).
    /// Without it such a build fails: a typo must never lock the readers out.
    public var newPassphrase = false
    /// Leave private entries out instead of encrypting them (`--skip-private`).
    public var skipPrivate = false
    /// Links relative to each page, for a site opened from the disk (`--relative-links`, or
    /// `relative_links: true` in journal.yaml).
    public var relativeLinks = false
    /// `check --external`: ask every web address the texts link to whether it still answers.
    public var externalLinks: ExternalLinkOptions?
    /// Reuse what earlier builds loaded and rendered (`.journalgen-cache/`); false for `--no-cache`.
    public var useCache = true
    /// Kept by `serve` from one rebuild to the next, so the caches stay in memory.
    public var session: BuildSession?
    /// The process exits once this build is reported (`journalgen build`): the site model and the
    /// rest are left for the exit to reclaim, not freed value by value on one core (70 ms after
    /// a build of 10,000 entries that changed one).
    public var processEndsAfter = false

    public init(journal: URL) {
        self.journal = journal
    }

    public var outputFolder: URL { output ?? journal.appendingPathComponent("_site") }
}

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    public var succeeded = false
    public var entries = 0
    /// Site paths of the public entries' pages (`serve` prints the address of new ones).
    public var entryPages: [String] = []
    public var pages = 0
    public var filesCopied = 0
    /// Pages and files that were already in place with the same bytes, and were not rewritten.
    public var unchanged = 0
    /// Pages and files written because they were new or changed.
    public var rewritten = 0
    /// The pages rendered, not kept from the site in place because their inputs were unchanged
    /// (a rendered page may still come out with the bytes it had), by path, in no order.
    public var pagesMade: [String] = []
    public var pagesRendered: Int { pagesMade.count }
    /// The files beside the pages (feed, sitemap, search index...) made again, not kept.
    public var documentsMade: [String] = []
    /// Entries `serve` took from its cache on the watcher's word, without looking at their files.
    public var entriesNotLookedAt = 0
    public var draftsLeftOut = 0
    public var privateLeftOut = 0
    /// Private entries published as lock screens.
    public var privateEncrypted = 0
    /// The sealed private part of the last build (or save) was used as it was.
    public var privateKept = false
    /// serve: the last build's site model was used again, with the edited texts in it.
    public var modelKept = false
    /// serve: the save made the site in place's files again, into its twin, which kept all of
    /// them at once (`StagedOutput.keepWholeTwin`).
    public var wholeTwinKept = false
    /// build: the site in place was the new site but for at most one file, replaced where it
    /// stood, with no folder built aside (`InPlaceRefresh`).
    public var refreshedInPlace = false
    public var futureLeftOut = 0
    /// Entries whose `revisit:` has come due by the build day.
    public var revisitsDue = 0
    /// Open task-list items of the published entries, the important ones, and those past due.
    public var tasksOpen = 0
    public var importantTasksOpen = 0
    public var tasksOverdue = 0
    /// feed.xml, sitemap.xml and reminders.ics were left out: base_url is the default "/".
    public var feedsLeftOut = false
    public var imagesProcessed = 0
    public var imagesFromCache = 0
    public var seconds = 0.0
    public var output: URL?
    /// An earlier site was in place (a failed build says it was left alone).
    public var hadPreviousSite = false
    public var diagnostics: [Diagnostic] = []
    /// `check --external`: "external links: 42 addresses on 17 hosts (…): 40 fine, 2 broken in 3.1 s".
    public var externalLinks: String?
    /// Seconds spent in each stage of the pipeline, in order (`--timings`).
    public var stages: [(name: String, seconds: Double, residentMB: Int)] = []

    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// "Built 28 entries (61 pages, 9 files) in 0.21 s → example-journal/_site"
    public func summary(paths: DisplayPaths) -> String {
        var parts: [String] = []
        if refreshedInPlace { parts.append("refreshed in place") }
        if draftsLeftOut > 0 { parts.append("\(draftsLeftOut) draft\(draftsLeftOut == 1 ? "" : "s") left out (--drafts)") }
        if privateLeftOut > 0 { parts.append("\(privateLeftOut) private entr\(privateLeftOut == 1 ? "y" : "ies") left out (--skip-private)") }
        if privateEncrypted > 0 { parts.append("\(privateEncrypted) private entr\(privateEncrypted == 1 ? "y" : "ies") encrypted") }
        if futureLeftOut > 0 { parts.append("\(futureLeftOut) future entr\(futureLeftOut == 1 ? "y" : "ies") left out (--future)") }
        if revisitsDue > 0 { parts.append("\(revisitsDue) entr\(revisitsDue == 1 ? "y" : "ies") due for a revisit") }
        if importantTasksOpen > 0 { parts.append("\(importantTasksOpen) important task\(importantTasksOpen == 1 ? "" : "s") open") }
        if tasksOverdue > 0 { parts.append("\(tasksOverdue) task\(tasksOverdue == 1 ? "" : "s") overdue") }
        if imagesProcessed + imagesFromCache > 0 {
            parts.append(imagesProcessed == 0 ? "no photos processed (\(imagesFromCache) \(refreshedInPlace ? "in the site already" : "from the cache"))"
                         : "\(imagesProcessed) photo\(imagesProcessed == 1 ? "" : "s") processed, \(imagesFromCache) from the cache")
        }
        if feedsLeftOut { parts.append("no feed, sitemap or reminders calendar (they need a base_url with a host, such as https://example.org/journal/)") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        let time = String(format: "%.2f s", seconds)
        let head: String
        if !succeeded {
            head = "Build failed: \(errors) error\(errors == 1 ? "" : "s")" + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "") + "\(hadPreviousSite ? "; the previous site was left as it was" : "; nothing was written")"
            return head
        } else if let output {
            // After an earlier build into the folder: how many pages its changes rendered.
            let rendered = pagesRendered < pages ? ", \(pagesRendered) rendered" : ""
            head = "Built \(entries) entr\(entries == 1 ? "y" : "ies") (\(pages) pages\(rendered), \(filesCopied) files\(unchanged > 0 ? ", \(unchanged) unchanged" : "")) in \(time) → \(paths.display(output))"
        } else {
            head = "Checked \(entries) entr\(entries == 1 ? "y" : "ies") (\(pages) pages) in \(time): no errors"
        }
        return parts.isEmpty ? head : head + "\n  " + parts.joined(separator: "; ")
    }
}
