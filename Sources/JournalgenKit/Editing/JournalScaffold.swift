import Foundation

/// The files of a new journal (`journalgen init`): journal.yaml with every key explained, a
/// welcome entry, and a .gitignore for what builds make.
public struct JournalScaffold: Sendable {
    public var title: String
    public var timeZone: String
    public var today: CalendarDay

    public init(title: String, timeZone: String, today: CalendarDay) {
        self.title = title
        self.timeZone = timeZone
        self.today = today
    }

    public var files: [(path: String, text: String)] {
        [
            ("journal.yaml", config),
            ("entries/\(pad(today.year, 4))/\(today)-welcome.md", welcome),
            (".gitignore", "# Made by journalgen build: the site, the site before last, processed photos.\n_site/\n.*.journalgen-spare/\n.journalgen-cache/\n"),
        ]
    }

    var config: String {
        """
        # journalgen reads this file first. Only `title` is required; every other key has a default.
        # The full list is in journalgen's README (journal.yaml).

        # The journal's name, shown at the top of every page.
        title: \(FrontMatterEditor.yaml(.text(title)))

        # Your name, for the greeting and the footer.
        # author: Lena

        # A journal written together: each person's id, name and (optional) photo, bio and colour.
        # Entries then say who wrote them (author: jonas); with `author:` above set to an id,
        # that person writes the entries that say nothing.
        # authors:
        #   lena: {name: Lena, photo: lena.jpg, bio: "Writes most evenings.", colour: "#8e4b6e"}
        #   jonas: {name: Jonas, colour: "#2f6f8f"}

        # MM-DD: the home page wishes you a happy birthday on the day.
        # birthday: 09-14

        # An IANA time zone: dates written without an offset are read in it.
        timezone: \(FrontMatterEditor.yaml(.text(timeZone)))

        # Where the site will live. An address with a host gives the site a feed, a sitemap and
        # a reminders calendar; a path alone (/) is enough to browse it locally.
        base_url: /

        # The theme and its default colour variant: paper, forest, ocean or night.
        theme: paper

        # Entries per page on the home page.
        paginate: 10

        # Your own mood scale, best first (default: amazing, good, so-so, bad, horrible).
        # moods:
        #   - {value: great, label: Great, emoji: "😄", colour: "#2e7d32"}
        #   - {value: okay, label: Okay, emoji: "🙂", colour: "#f0b400"}
        #   - {value: low, label: Low, emoji: "🙁", colour: "#c62828"}

        # Private entries (`private: true`) are published encrypted; readers need the passphrase
        # (JOURNALGEN_PASSPHRASE, or typed in when you build). The hint is shown on the lock screen.
        # private:
        #   hint: "where we met"
        #   all: false          # true: the whole journal is private
        #   count_moods: false  # true: private moods count in the public mood charts

        # Photos: the widths made of each, their quality, and whether originals are published.
        # media:
        #   widths: [480, 960, 1600]
        #   quality: 80
        #   originals: false

        # Daily mood reminders, in the reminders.ics calendar.
        # reminders: {wake: "07:30", sleep: "23:00", count: 4}

        """
    }

    var welcome: String {
        """
        ---
        title: A first page
        date: \(today)
        mood: good
        tags: [journal]
        ---

        This is your journal. Each entry is a Markdown file like this one, in `entries/`, with a
        few lines of front matter on top: a `date`, and if you like a `mood`, `tags`, a `location`,
        `media`, a `trip`.

        Write the next one with `journalgen new "A title"`, log a mood with `journalgen mood good`,
        and see the site with `journalgen build` (it goes to `_site/`).

        """
    }

    /// Writes the files into `folder`, which must not hold a journal yet.
    public func write(to folder: String) throws(NewEntry.WriteError) -> [String] {
        guard !FileManager.default.fileExists(atPath: folder + "/journal.yaml") else {
            throw NewEntry.WriteError("\(folder)/journal.yaml exists: there is a journal here already")
        }
        var written: [String] = []
        for (path, text) in files {
            let full = folder + "/" + path
            if path == ".gitignore", let existing = FileIO.read(full) {
                // An existing .gitignore gets only the lines it lacks, at its end.
                let have = Set(String(decoding: existing, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
                let missing = text.split(separator: "\n").dropFirst().filter { !have.contains(String($0)) }
                if missing.isEmpty { continue }
                let lead = existing.last == 0x0A || existing.isEmpty ? "" : "\n"
                guard FileIO.append(Data((lead + missing.joined(separator: "\n") + "\n").utf8), to: full) else { throw NewEntry.WriteError("cannot add to \(full)") }
                written.append(path)
                continue
            }
            guard FileIO.makeDirectories((full as NSString).deletingLastPathComponent), FileIO.createNew(Data(text.utf8), at: full) else {
                throw NewEntry.WriteError("cannot create \(full)")
            }
            written.append(path)
        }
        return written
    }
}
