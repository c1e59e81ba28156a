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
        number = Self.numbers.number(of: name)
    }

    private static let numbers = ProcessNumbers<String>()
}

/// A number for each distinct value, counted from 0, the same for the whole process (names of
/// templates' keys, dotted paths).
final class ProcessNumbers<Value: Hashable & Sendable>: Sendable {
    private let numbers = Mutex<[Value: Int]>([:])

    func number(of value: Value) -> Int {
        numbers.withLock { numbers in
            if let known = numbers[value] { return known }
            numbers[value] = numbers.count
            return numbers.count - 1
        }
    }
}

/// Values found by the number of their key: an array as long as the largest number, which a
/// look indexes instead of hashing a name or comparing it with each name in turn.
struct KeyNumberTable<Value: Sendable>: Sendable {
    private let byNumber: [Value?]

    init(_ pairs: [(key: TemplateKey, value: Value)]) {
        var table = [Value?](repeating: nil, count: (pairs.map(\.key.number).max() ?? -1) + 1)
        for (key, value) in pairs { table[key.number] = value }
        byNumber = table
    }

    /// The number is never negative: keys are numbered from 0.
    @inline(__always) subscript(key: TemplateKey) -> Value? {
        key.number < byNumber.count ? byNumber[key.number] : nil
    }
}

/// A view whose names are the cases of `Key`: templates find them by number, Swift code (and
/// tests) by name, and both reach the same `value(_: Key)`.
protocol KeyedTemplateObject: TemplateObject {
    associatedtype Key: RawRepresentable & CaseIterable & Sendable where Key.RawValue == String
    /// `KeyNumberTable<Key>.names()`, made once per view type (a `static let`).
    static var keys: KeyNumberTable<Key> { get }
    func value(_ key: Key) -> TemplateValue?
}

extension KeyedTemplateObject {
    func value(_ key: String) -> TemplateValue? { Key(rawValue: key).flatMap { value($0) } }
    func value(_ key: TemplateKey) -> TemplateValue? { Self.keys[key].flatMap { value($0) } }
}

extension KeyNumberTable where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// A view's own names, each found by its name's number.
    static func names() -> KeyNumberTable { KeyNumberTable(Value.allCases.map { (TemplateKey($0.rawValue), $0) }) }
}
