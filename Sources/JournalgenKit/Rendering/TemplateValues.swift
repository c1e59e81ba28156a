import Mustache

/// A value a template may ask for but the page does not have. It renders as nothing, is false in
/// `{{#…}}` sections, and, unlike a missing key, stops Mustache from looking the name up in
/// outer contexts (so an entry without a place never shows a trip's `name`).
struct Absent: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// A view model: answers the names its templates use.
protocol TemplateView: MustacheParent {
    func value(_ key: String) -> Any?
}

extension TemplateView {
    /// Unknown names return nil so Mustache looks them up in the enclosing contexts (`site`, `page`).
    func child(named name: String) -> Any? { value(name) }
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
