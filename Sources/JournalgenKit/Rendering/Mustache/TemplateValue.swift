/// A value a template can show. Views hand these out directly, so rendering needs no dynamic
/// casts: swift-mustache's reflection-based lookups were most of the build time of a large
/// journal (docs/benchmarks.md).
public enum TemplateValue: Sendable {
    /// Text: escaped by `{{name}}`, as is by `{{{name}}}`.
    case text(String)
    case number(Int)
    case bool(Bool)
    case list([TemplateValue])
    /// An object, made with `.object(_:)`. In a box of its own: the renderer looks a name up in
    /// every object of its stack, and taking an existential out of an enum copied it (a retain,
    /// or a struct's fields copied) at each look; a class reference is borrowed as it is.
    case boxed(TemplateObjectBox)
    /// A value that is known to be absent: falsy, and it stops the lookup (an entry without a
    /// place never shows a `name` from an outer context).
    case null

    /// False, null, an empty list or empty text hide a `{{#section}}`.
    var isTruthy: Bool {
        switch self {
        case .bool(let b): return b
        case .null: return false
        case .list(let items): return !items.isEmpty
        case .text(let s): return !s.isEmpty
        case .number, .boxed: return true
        }
    }

    var renderedText: String {
        switch self {
        case .text(let s): return s
        case .number(let n): return String(n)
        case .bool(let b): return b ? "true" : ""
        case .list, .boxed, .null: return ""
        }
    }
}

/// See `TemplateValue.boxed`. Made as a `TypedTemplateObjectBox` of the object's own type: the
/// object is stored in the box itself and asked through the box's own method. Held as `any
/// TemplateObject`, a view of more than three words (an entry's, a photo's, a date's) took a
/// second allocation of its own, and each of the four million lookups of a 10k first build went
/// through the existential's witness table. Sendable unchecked only because the class is not final:
/// its one subclass holds a Sendable object in a `let`.
public class TemplateObjectBox: @unchecked Sendable {
    /// The object, as any object (for a cast; rendering asks `value(_:)`).
    var object: any TemplateObject { fatalError("TemplateObjectBox is made as a TypedTemplateObjectBox") }

    func value(_ key: TemplateKey) -> TemplateValue? { object.value(key) }
    func value(_ key: String) -> TemplateValue? { object.value(key) }
}

final class TypedTemplateObjectBox<Object: TemplateObject>: TemplateObjectBox, @unchecked Sendable {
    /// Never changed: the box is shared by the threads that render with it as the object is.
    let typed: Object

    init(_ object: Object) { typed = object }

    override var object: any TemplateObject { typed }
    override func value(_ key: TemplateKey) -> TemplateValue? { typed.value(key) }
    override func value(_ key: String) -> TemplateValue? { typed.value(key) }
}

/// Anything with named values: the view models of the pages.
public protocol TemplateObject: Sendable {
    /// The value for `key`, or nil when this object has no such name (the lookup then goes on
    /// to the enclosing contexts, as Mustache specifies).
    func value(_ key: String) -> TemplateValue?
    /// The same, for a name a template asks for: views with many names find it by its number
    /// (KeyedTemplateObject), others by its name.
    func value(_ key: TemplateKey) -> TemplateValue?
}

extension TemplateObject {
    public func value(_ key: TemplateKey) -> TemplateValue? { value(key.name) }
}

extension TemplateValue {
    /// An object boxed as its own type (an `any TemplateObject` is opened to it).
    static func object<Object: TemplateObject>(_ object: Object) -> TemplateValue { .boxed(TypedTemplateObjectBox(object)) }
    static func optional(_ text: String?) -> TemplateValue { text.map(TemplateValue.text) ?? .null }
    static func optional<Object: TemplateObject>(_ object: Object?) -> TemplateValue { object.map { TemplateValue.object($0) } ?? .null }
    static func objects<Object: TemplateObject>(_ items: [Object]) -> TemplateValue { .list(items.map { TemplateValue.object($0) }) }
    static func objects(_ items: [any TemplateObject]) -> TemplateValue { .list(items.map { TemplateValue.object($0) }) }
}
