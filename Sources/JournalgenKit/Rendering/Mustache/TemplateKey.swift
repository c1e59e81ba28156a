import Synchronization

/// A name a template asks for, with a number that stands for it in the whole process: the same
/// name parsed in any template, and the same name among a view's `Key` cases, get the same
/// number. A view then finds its case by indexing an array, not by comparing the name with each
/// of its forty names in turn (as `switch` over strings does): those comparisons, and the
/// dictionaries of the site's values and labels, were about 5 % of the instructions of a 10k
/// build (docs/benchmarks.md).
public struct TemplateKey: Sendable {
    public let name: String
    let number: Int

    public init(_ name: String) {
        self.name = name
        number = Self.numbers.withLock { numbers in
            if let known = numbers[name] { return known }
            numbers[name] = numbers.count
            return numbers.count - 1
        }
    }

    private static let numbers = Mutex<[String: Int]>([:])
}

/// A view's own names, found by key number. Made once per view type (a `static let`).
struct TemplateKeyTable<Key: RawRepresentable & CaseIterable & Sendable>: Sendable where Key.RawValue == String {
    private let byNumber: [Key?]

    init() {
        let numbered = Key.allCases.map { (TemplateKey($0.rawValue).number, $0) }
        var table = [Key?](repeating: nil, count: (numbered.map(\.0).max() ?? -1) + 1)
        for (number, key) in numbered { table[number] = key }
        byNumber = table
    }

    /// The number is never negative: keys are numbered from 0.
    @inline(__always) subscript(key: TemplateKey) -> Key? {
        key.number < byNumber.count ? byNumber[key.number] : nil
    }
}

/// A view whose names are the cases of `Key`: templates find them by number, Swift code (and
/// tests) by name, and both reach the same `value(_: Key)`.
protocol KeyedTemplateObject: TemplateObject {
    associatedtype Key: RawRepresentable & CaseIterable & Sendable where Key.RawValue == String
    static var keys: TemplateKeyTable<Key> { get }
    func value(_ key: Key) -> TemplateValue?
}

extension KeyedTemplateObject {
    func value(_ key: String) -> TemplateValue? { Key(rawValue: key).flatMap { value($0) } }
    func value(_ key: TemplateKey) -> TemplateValue? { Self.keys[key].flatMap { value($0) } }
}
