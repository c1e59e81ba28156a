import Foundation

/// Which entries' texts a page showed while it was rendered (its body and word count, or only what
/// a card shows: excerpt, summary, reading time), noted per thread by the views that read them.
/// With that list, a later build knows the page is unchanged when none of those texts changed and
/// nothing else about the journal did.
final class BodyReads {
    /// Places among the texts of SiteManifest: an entry's, its card's (`SiteManifest.cardIndex`),
    /// the task items'.
    private(set) var indices = Set<Int>()
    /// The templates the page was rendered with, by the name it asked for (TemplateSet.render,
    /// and the entry cards and rows it shows, made by an earlier page or not).
    private(set) var templates = Set<String>()
    /// The page shows something that depends on the build day (JournalViews): it is rendered
    /// again on another day, the others are not.
    private(set) var readsDay = false
    /// The site-wide values the page showed (`site.*`), one bit each by their place in
    /// `SiteView.names`: a page depends on those, not on the whole journal they are taken from.
    private(set) var siteValues: UInt64 = 0

    /// A pthread key rather than Thread.current's dictionary: views note reads hundreds of
    /// thousands of times in a large build, and this costs a load, not a lookup.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Notes that the page being rendered on this thread shows entry `index`'s text.
    static func note(_ index: Int) {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<BodyReads>.fromOpaque(raw).takeUnretainedValue().indices.insert(index)
    }

    /// Notes that the page being rendered on this thread shows what entry `index`'s card shows
    /// of its text, of `entryCount` entries.
    static func noteCard(_ index: Int, entryCount: Int) { note(SiteManifest.cardIndex(of: index, entryCount: entryCount)) }

    /// Notes the texts a part made for another page showed (a card or row).
    static func note(texts: Set<Int>) {
        guard !texts.isEmpty, let raw = pthread_getspecific(key) else { return }
        Unmanaged<BodyReads>.fromOpaque(raw).takeUnretainedValue().indices.formUnion(texts)
    }

    /// Notes that the page being rendered on this thread is made with template `name`.
    static func noteTemplate(_ name: String) {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<BodyReads>.fromOpaque(raw).takeUnretainedValue().templates.insert(name)
    }

    /// Notes that the page being rendered on this thread shows something of the build day.
    static func noteDay() {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<BodyReads>.fromOpaque(raw).takeUnretainedValue().readsDay = true
    }

    /// Notes that the page being rendered on this thread shows site-wide value number `bit`.
    static func noteSiteValue(_ bit: Int) { noteSiteValues(1 << UInt64(bit)) }

    /// Notes that the page being rendered on this thread shows the site-wide values `mask` names.
    static func noteSiteValues(_ mask: UInt64) {
        guard mask != 0, let raw = pthread_getspecific(key) else { return }
        Unmanaged<BodyReads>.fromOpaque(raw).takeUnretainedValue().siteValues |= mask
    }

    /// Notes for the page being rendered on this thread all that `inner` noted (a part made
    /// inside it, kept for other pages).
    static func note(all inner: BodyReads) {
        guard let raw = pthread_getspecific(key) else { return }
        let reads = Unmanaged<BodyReads>.fromOpaque(raw).takeUnretainedValue()
        reads.indices.formUnion(inner.indices)
        reads.templates.formUnion(inner.templates)
        if inner.readsDay { reads.readsDay = true }
        reads.siteValues |= inner.siteValues
    }

    /// Notes that the page shows the task items of every entry (SiteFingerprint.tasks), kept
    /// as one more text after the `entryCount` entries'.
    static func noteTasks(entryCount: Int) { note(SiteManifest.tasksIndex(entryCount: entryCount)) }

    /// Runs `render`, returning what it made and the entries whose texts it read, a card's as its
    /// entry's, of `entryCount` entries.
    static func tracking<T>(entryCount: Int, _ render: () -> T) -> (T, [Int]) {
        let (result, reads) = trackingAll(render)
        return (result, Set(reads.indices.map { $0 >= entryCount && $0 < 2 * entryCount ? $0 - entryCount : $0 }).sorted())
    }

    /// Runs `render`, returning what it made and all it noted: texts and templates.
    static func trackingAll<T>(_ render: () -> T) -> (T, BodyReads) {
        let reads = BodyReads()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(reads).toOpaque())
        let result = withExtendedLifetime(reads) { render() }
        pthread_setspecific(key, previous)
        return (result, reads)
    }
}
