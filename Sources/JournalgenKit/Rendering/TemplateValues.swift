import Mustache

/// A value a template may ask for but the page does not have. It renders as nothing, is false in
/// `{{#…}}` sections, and, unlike a missing key, stops Mustache from looking the name up in
/// outer contexts (so an entry without a place never shows a trip's `name`).
struct Absent: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// Text for templates. swift-mustache prints a plain String through `String(describing:)` after
/// several failed protocol casts; a value that is already `MustacheCustomRenderable` takes the
/// first branch. Over a 10,000-entry build this removes millions of dynamic casts.
struct Text: MustacheCustomRenderable, MustacheParent {
    let renderText: String
    var isNull: Bool { false }
    /// Inside `{{#caption}}…{{/caption}}` names belong to the outer contexts (and Mirror is slow).
    func child(named: String) -> Any? { nil }
}

/// A view model: answers the names its templates use.
protocol TemplateView: MustacheParent {
    func value(_ key: String) -> Any?
}

extension TemplateView {
    /// Unknown names return nil so Mustache looks them up in the enclosing contexts (`site`, `page`).
    func child(named name: String) -> Any? {
        let v = value(name)
        if let s = v as? String { return Text(renderText: s) }
        if let i = v as? Int { return Text(renderText: String(i)) }
        return v
    }
}

/// Optional -> template value.
@inline(__always)
func some(_ value: Any?) -> Any { value ?? Absent() }

/// Front-matter values for templates: text, numbers, lists and mappings as Mustache expects them.
struct MetaView: TemplateView, MustacheCustomRenderable {
    var node: MetaNode

    func value(_ key: String) -> Any? {
        guard let child = node[key] else { return nil }
        return MetaView.template(child)
    }

    static func template(_ node: MetaNode) -> Any {
        switch node.value {
        case .scalar(let s, let plain):
            if plain, let b = node.bool { return b }
            return s
        case .list(let items): return items.map(template)
        case .table: return MetaView(node: node)
        case .null: return Absent()
        }
    }

    var renderText: String { node.text ?? "" }
    var isNull: Bool { false }
}
