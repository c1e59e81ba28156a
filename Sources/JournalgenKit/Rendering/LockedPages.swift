/// What the lock screens of a build share: the salt and rounds the browser derives the key with,
/// and the hint from journal.yaml.
struct LockScreens: Sendable {
    var pages: [LockedPage] = []
    var salt: [UInt8] = []
    /// PrivateKeys.keyCheck, base64: tells a wrong passphrase from a payload moved between pages.
    var check = ""
    var hint: String?
}

extension PageRenderer {
    /// A lock screen in the theme's layout. Its title, description and canonical URL are generic:
    /// nothing of the entry is in the page but the sealed payload.
    func renderLockScreen(_ locked: LockedPage) -> [UInt8] {
        let keys: [LockedPage.Kind: String] = [.entry: "aPrivateEntry", .trip: "aPrivateTrip", .index: "privateEntries"]
        let title = text(keys[locked.kind]!)
        return templates.page("locked", context(page(title, locked.sitePath, kind: "locked"), [
            "lock": .object(ValueTable(values: [
                "title": .text(title),
                "hint": .optional(lock.hint),
                "salt": .text(lock.salt.hex),
                "check": .text(lock.check),
                "iterations": .number(PrivateKeys.iterations),
                "payload": .text(locked.payload),
                "kind": .text(locked.kind.rawValue),
            ])),
        ]))
    }

    /// Page `number` of the list behind the private index's lock: its share of the private
    /// entries, newest first; the first page also lists the private trips and tasks.
    func renderPrivateIndex(entries: [Int], page number: Int, of split: PageSplit, base: String) -> [UInt8] {
        let first = number == 1
        let trips = first ? model.views.trips.trips.filter { $0.info?.lockToken != nil } : []
        // Private entries' tasks are listed here, inside the sealed page, never on tasks/.
        let tasks = first ? model.views.tasks.open.filter { model.entries[$0.entry].lockToken != nil } : []
        for index in entries { BodyReads.note(index) }
        return templates.page("private", listPageContext(text("privateEntries"), base: base, number: number, split: split, kind: "private", [
            "tasks": .objects(tasks.prefix(model.config.paging.lists).map { TaskView(item: $0, model: model) }),
            "taskCount": .number(tasks.count),
            "hasTasks": .bool(!tasks.isEmpty),
            "entries": .objects(entries.map { EntryView(model: model, index: $0) }),
            "trips": .objects(trips.map { TripView(trip: $0, model: model) }),
            "hasTrips": .bool(!trips.isEmpty),
        ]))
    }
}

/// Named values for a template, when no view type is worth writing.
struct ValueTable: TemplateObject {
    var values: [String: TemplateValue]
    func value(_ key: String) -> TemplateValue? { values[key] }
}
