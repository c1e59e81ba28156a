import Glibc
import Synchronization

/// Named templates that include each other, and the renderer.
public struct MustacheLibrary: Sendable {
    private var templates: [String: MustacheTemplate] = [:]
    /// The templates again for each thread that renders with them, in memory of its own (made on
    /// its first page). When every node a page went through was retained and released, both
    /// cores did so on the same reference counts with one set for all threads, and each count's
    /// cache line went back and forth between them: the renderer's retains took six times the
    /// samples they take on one core (1,038 against 166, 4.6 % of a 10k build's; 115 with the
    /// copies). Nodes hold no references now (MustacheTemplate), but a lookup still copies the
    /// name it asks for (its key's string), so each thread keeps its own.
    private var copies = ThreadCopies()
    /// The first include a page stopped at (`Renderer.maximumExpansions`), by name number,
    /// shared by every copy of the library: the build reports it as an error.
    private let overrun = Overrun()

    final class Overrun: Sendable {
        let first = Mutex<Int?>(nil)
        /// Set once a page stopped: the build fails, and every other page stops including too
        /// (each would spend its whole allowance first, a second or so apiece).
        let stopped = Atomic<Bool>(false)
    }

    public init() {}

    /// The template whose include a page stopped at because its includes did not end, if one did.
    public var overrunTemplate: String? {
        guard let number = overrun.first.withLock({ $0 }) else { return nil }
        return templates.keys.first { TemplateKey($0).number == number }
    }

    public mutating func register(_ template: MustacheTemplate, named name: String) {
        templates[name] = template
        copies = ThreadCopies()
    }

    public func template(named name: String) -> MustacheTemplate? { templates[name] }

    /// The registered names, sorted.
    var names: [String] { templates.keys.sorted() }

    /// Partials and parents that no registered template provides, with where they are named.
    public func missingReferences() -> [(template: String, name: String, line: Int, column: Int)] {
        templates.sorted { $0.key < $1.key }.flatMap { name, template in
            template.references.filter { templates[$0.name] == nil }.map { (name, $0.name, $0.line, $0.column) }
        }
    }

    /// The rendered text. Not checked again as UTF-8 (entry cards and rows, 0.6 % of a first
    /// build's instructions): what the renderer writes is the templates' text cut at tags,
    /// which are whole characters, and values' whole texts, escaped by ASCII bytes.
    public func render(_ name: String, _ context: TemplateValue) -> String {
        renderBytes(name, context).withUnsafeBufferPointer { TextDecoding.trusted($0, from: "the template renderer") }
    }

    /// The rendered text's UTF-8 bytes, for a page written as it is: making them a String
    /// checks every byte again (about ten instructions a byte on pages that are not all ASCII).
    public func renderBytes(_ name: String, _ context: TemplateValue) -> [UInt8] {
        let own = copies.templates(of: templates)
        guard let template = own.byName[name] else { return [] }
        var renderer = Renderer(templates: own.byNumber, overrun: overrun)
        if case .boxed(let page) = context { renderer.labels = page.value("t") }
        renderer.push(context, sectionPath: -1)
        renderer.render(template.nodes, blocks: [:])
        if let stoppedAt = renderer.stoppedAt {
            overrun.first.withLock { $0 = $0 ?? stoppedAt }
            overrun.stopped.store(true, ordering: .relaxed)
        }
        return renderer.output.finish()
    }

    /// One thread's copies, by name and by the number of the name's TemplateKey (which is how
    /// partials and parents name them).
    struct OwnTemplates {
        var byName: [String: MustacheTemplate] = [:]
        var byNumber: [MustacheTemplate?] = []
    }

    private final class ThreadCopies: Sendable {
        private let byThread = Mutex<[UInt: OwnTemplates]>([:])

        func templates(of originals: [String: MustacheTemplate]) -> OwnTemplates {
            let thread = UInt(pthread_self())
            if let own = byThread.withLock({ $0[thread] }) { return own }
            var own = OwnTemplates()
            for (name, template) in originals {
                let copy = template.separateCopy
                own.byName[name.separateCopy] = copy
                let number = TemplateKey(name).number
                if number >= own.byNumber.count { own.byNumber += Array(repeating: nil, count: number + 1 - own.byNumber.count) }
                own.byNumber[number] = copy
            }
            byThread.withLock { $0[thread] = own }
            return own
        }
    }

    struct Renderer {
        /// This thread's own copies, by the number of their name.
        let templates: [MustacheTemplate?]
        var stack: [TemplateValue] = []
        /// For each frame of `stack`, the number of the path a section looked it up by (-1 for
        /// list items and the page): `{{#map}}…{{{map}}}…{{/map}}` then takes the value the
        /// section found instead of asking for it again, which for a trip's map meant drawing it
        /// twice.
        var sectionPaths: [Int] = []
        /// For each frame of `stack`, its object when it is one, not retained: the frame's value
        /// holds it for as long as it is on the stack. A lookup walks these: taken out of the
        /// stack's values, each object it asked was retained and released, eight million atomic
        /// counts in a 10k first build that both cores made on the same objects.
        var objects: [Unmanaged<TemplateObjectBox>?] = []
        /// The page's bytes. Appending to a String cost about 350 instructions each time (its
        /// capacity, count and ASCII flags updated), a third of the renderer's work; to bytes it
        /// is a copy (gathered in runs: see PageBytes). Pages are written from these bytes; only
        /// fragments that other pages include (`render`) are made Strings.
        var output = PageBytes()
        var depth = 0
        /// Partials and parents rendered so far in this page. Past `maximumExpansions` no more
        /// are: includes that recurse inside sections whose values never run out would otherwise
        /// double at every level, 2^64 times at the depth limit (TemplateSet reports the ones
        /// outside sections before any page is rendered). No page of the 10k and 50k bench
        /// journals reaches it (one that did would fail the build; they build, and the 10k site
        /// is byte for byte the one built without the limit).
        var expansions = 0
        static let maximumExpansions = 200_000
        /// The name number of the first include not rendered for that.
        var stoppedAt: Int?

        /// The page's `t`, asked for once: templates name a label at every other line.
        var labels: TemplateValue? {
            didSet {
                if case .boxed(let box)? = labels { labelsObject = .passUnretained(box) } else { labelsObject = nil }
            }
        }
        /// The labels' object, not retained (`labels` holds it), asked for `t.name` without a
        /// copy of the labels for each of the hundreds of labels of a page.
        private var labelsObject: Unmanaged<TemplateObjectBox>?
        static let labelsPath = MustacheTemplate.Path(["t"])

        let overrun: Overrun

        init(templates: [MustacheTemplate?], overrun: Overrun) {
            self.templates = templates
            self.overrun = overrun
        }

        func lookup(_ path: UnsafePointer<MustacheTemplate.Path>) -> TemplateValue? {
            lookup(path.pointee)
        }

        func lookup(_ path: borrowing MustacheTemplate.Path) -> TemplateValue? {
            if path.isDot { return stack.last }
            var current: TemplateValue
            var rest = 1
            if path.isLabels, path.keys.count > 1, let labelsObject {
                // `t.name` (the labels belong to the page): asked of the labels at once.
                guard let label = labelsObject._withUnsafeGuaranteedRef({ $0.value(path.keys[1]) }) else { return nil }
                current = label
                rest = 2
            } else if path.isLabels, let labels {
                current = labels
            } else {
                // The nearest frame with the first name. A plain loop: `indices.reversed()` went
                // through generic index copies.
                let first = path.keys[0]
                var found: TemplateValue?
                var index = stack.count - 1
                while index >= 0 {
                    if let object = objects[index] {
                        if let value = object._withUnsafeGuaranteedRef({ $0.value(first) }) { found = value; break }
                    } else if sectionPaths[index] == path.number {
                        // Below this frame, the lookup is the one its section made: the same value.
                        return stack[index]
                    }
                    index -= 1
                }
                guard let found else { return nil }
                current = found
            }
            if path.keys.count == rest { return current }
            for key in path.keys[rest...] {
                // `{{count.entries}}`: a number with a counted noun, in the page's language
                // ("3 entries", "1 Eintrag"), from the `t` labels of the page.
                if case .number(let n) = current {
                    guard case .boxed(let box)? = labels ?? lookup(Self.labelsPath), let counted = box.object as? CountedLabels else { return nil }
                    return counted.counted(key.name, n).map(TemplateValue.text)
                }
                guard case .boxed(let box) = current, let next = box.value(key) else { return nil }
                current = next
            }
            return current
        }

        private mutating func write(_ text: String, escaped: Bool) {
            if escaped { HTMLEscaping.escape(text) { output.append($0) } } else { output.append(utf8Of: text) }
        }

        mutating func push(_ value: TemplateValue, sectionPath: Int) {
            stack.append(value)
            sectionPaths.append(sectionPath)
            if case .boxed(let box) = value { objects.append(Unmanaged.passUnretained(box)) } else { objects.append(nil) }
        }

        mutating func pop() {
            stack.removeLast()
            sectionPaths.removeLast()
            objects.removeLast()
        }

        /// Counts an include of `name`; false once the page has had `maximumExpansions`.
        private mutating func withinBudget(_ name: Int) -> Bool {
            // Whether another page stopped: looked at every 1,024 includes, not at each.
            guard expansions < Self.maximumExpansions, expansions & 0x3FF != 0 || !overrun.stopped.load(ordering: .relaxed) else {
                stoppedAt = stoppedAt ?? name
                return false
            }
            expansions += 1
            return true
        }

        private func template(_ number: Int) -> MustacheTemplate? {
            number < templates.count ? templates[number] : nil
        }

        /// `blocks`: by the number of the block's name.
        mutating func render(_ nodes: UnsafeBufferPointer<MustacheTemplate.Node>, blocks: [Int: UnsafeBufferPointer<MustacheTemplate.Node>]) {
            var index = 0
            while index < nodes.count {
                defer { index += 1 }
                switch nodes[index] {
                case .text(let bytes):
                    output.append(bytes)
                case .variable(let path, let escaped):
                    guard let value = lookup(path) else { continue }
                    // A text as it is in the value: `renderedText` made a copy of it (a retain
                    // and a release) for each of two million values.
                    if case .text(let text) = value { write(text, escaped: escaped) } else { write(value.renderedText, escaped: escaped) }
                case .section(let path, let inverted, let children):
                    let value = lookup(path) ?? .null
                    if inverted {
                        if !value.isTruthy { render(children, blocks: blocks) }
                        continue
                    }
                    guard value.isTruthy else { continue }
                    switch value {
                    case .list(let items):
                        var item = 0
                        while item < items.count {
                            defer { item += 1 }
                            push(items[item], sectionPath: -1)
                            render(children, blocks: blocks)
                            pop()
                        }
                    case .bool:
                        render(children, blocks: blocks)
                    default:
                        push(value, sectionPath: path.pointee.number)
                        render(children, blocks: blocks)
                        pop()
                    }
                case .partial(let name):
                    guard depth < 64, withinBudget(name), let template = template(name) else { continue }
                    depth += 1
                    render(template.nodes, blocks: [:])
                    depth -= 1
                case .parent(let name, let children):
                    guard depth < 64, withinBudget(name), let template = template(name) else { continue }
                    // Blocks given by an outer template win over this one's.
                    var merged = blocks
                    // Of two blocks of one name, the later one (as a dictionary of them would keep).
                    for case .block(let block, let content) in children.reversed() where merged[block] == nil { merged[block] = content }
                    depth += 1
                    render(template.nodes, blocks: merged)
                    depth -= 1
                case .block(let name, let defaults):
                    render(blocks[name] ?? defaults, blocks: blocks)
                }
            }
        }
    }
}

/// A page's bytes as the renderer writes them: gathered in a run of its own and added to the
/// page's array a run at a time. Appended to the array one by one, the 4 million pieces of a
/// 10k first build (templates' text between tags, values, the runs between escaped characters)
/// cost 70 instructions each beyond the copy, the array checking its storage and room each time:
/// 530 M instructions, 2.5 % of the build.
///
/// The renderer that owns one finishes it once (`finish` lets go of the run).
struct PageBytes {
    private var bytes: [UInt8] = []
    private let run: UnsafeMutablePointer<UInt8>
    private var used = 0
    private static let runSize = 8_192

    init() {
        run = .allocate(capacity: Self.runSize)
        bytes.reserveCapacity(16_384)
    }

    @inline(__always) mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let base = piece.baseAddress else { return }
        if piece.count > Self.runSize - used {
            flush()
            // A long piece (a rendered body) goes to the array as it is.
            if piece.count > Self.runSize / 2 { bytes.append(contentsOf: piece); return }
        }
        UnsafeMutableRawPointer(run + used).copyMemory(from: base, byteCount: piece.count)
        used += piece.count
    }

    /// The text's UTF-8 bytes, copied from its storage at once.
    mutating func append(utf8Of text: String) {
        text.withUTF8Bytes { append($0) }
    }

    private mutating func flush() {
        guard used > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: run, count: used))
        used = 0
    }

    /// The page, every piece in order.
    mutating func finish() -> [UInt8] {
        flush()
        run.deallocate()
        return bytes
    }
}
