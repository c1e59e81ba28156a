/// `authors/`: everyone who writes in the journal; `authors/ID/`: one person's profile, entries,
/// trips and own mood timeline. Made only when two or more people write the journal.
extension PageRenderer {
    func renderAuthorPage(_ job: PageJob) -> [UInt8] {
        let authors = model.views.authors
        switch job {
        case .authors:
            return templates.page("authors", context(page(text("authors"), "authors/", kind: "authors"), [
                "authors": .objects(authors.listed.map { AuthorView(person: authors.people[$0], model: model) }),
            ]))
        case .author(let i, let number):
            let person = authors.people[i], split = model.listPages.authors[i]
            return templates.page("author", listPageContext(person.author.name, base: person.author.sitePath, number: number, split: split, kind: "author", [
                "author": .object(AuthorView(person: person, model: model, part: split.parts[number - 1], isFirstPage: number == 1)),
            ]))
        default:
            preconditionFailure("not an author page: \(job)")
        }
    }
}

/// One author: on the authors page (`authors`) or their own (`author`).
struct AuthorView: TemplateObject {
    var person: AuthorIndex.Person
    var model: SiteModel
    /// The entries this page shows, when their list is cut into pages.
    var part: Range<Int>? = nil
    var isFirstPage = true

    func value(_ key: String) -> TemplateValue? {
        let author = person.author, links = model.links
        switch key {
        case "id": return .text(author.id)
        case "name", "title": return .text(author.name)
        case "url": return .text(links.href(author.sitePath))
        case "bio": return .optional(author.bio)
        case "colour", "color": return .optional(author.colour)
        case "photo": return .optional(person.photo.map { PictureMarkup.html($0, alt: author.name, links: links, sizes: "8rem", eager: true) })
        case "count": return .number(person.entries.count)
        case "isFirstPage": return .bool(isFirstPage)
        case "hasPage": return .bool(person.hasPage)
        case "lastEntry": return .optional(person.entries.first.map { EntryView(model: model, index: $0) })
        case "entries": return .objects(person.entries[part ?? person.entries.indices].map { EntryView(model: model, index: $0) })
        case "trips":
            return .objects(person.trips.map { TripView(trip: model.views.trips.trips[$0], model: model) })
        case "hasTrips": return .bool(!person.trips.isEmpty)
        case "feedURL": return model.config.absoluteBase.isEmpty ? .null : .text(links.href(author.sitePath + "feed.xml"))
        case "moods": return .object(MoodsView(model: model, history: person.moods, chartPrefix: author.id + "-"))
        case "hasMoods": return .bool(!person.moods.points.isEmpty)
        case "moodCount": return .number(person.moods.points.count)
        case "averageMood":
            return .optional(person.moods.average.map { LinkView(title: model.localization.decimal($0), url: "", extra: ["mood": .object(MoodView(level: person.moods.level(forAverage: $0)))]) })
        default: return nil
        }
    }
}

/// A byline: the author's name, small photo and colour, linked to their page when they have one.
struct AuthorLinkView: TemplateObject {
    var author: Author
    var photo: MediaItem?
    var url: String?

    /// Nil unless the journal shows authors (two or more) and knows `id`.
    static func make(_ id: String, model: SiteModel) -> AuthorLinkView? {
        let authors = model.views.authors
        guard let i = authors.byID[id] else { return nil }
        let person = authors.people[i]
        return AuthorLinkView(author: person.author, photo: person.photo, url: person.hasPage ? model.links.href(person.author.sitePath) : nil,
                              links: model.links)
    }

    var links: SiteLinks

    func value(_ key: String) -> TemplateValue? {
        switch key {
        case "id": return .text(author.id)
        case "name", "title": return .text(author.name)
        case "url": return .optional(url)
        case "colour", "color": return .optional(author.colour)
        // A face beside a name: the smallest size is plenty.
        case "photo": return .optional(photo.map { PictureMarkup.html($0, alt: "", links: links, sizes: "2rem") })
        default: return nil
        }
    }
}
