/// Front-matter values for templates: text, numbers, lists and mappings as written.
struct MetaView: TemplateObject {
    var node: MetaNode

    func value(_ key: String) -> TemplateValue? {
        node[key].map(MetaView.template)
    }

    static func template(_ node: MetaNode) -> TemplateValue {
        switch node.value {
        case .scalar(let s, let plain):
            if plain, let b = node.bool { return .bool(b) }
            return .text(s)
        case .list(let items): return .list(items.map(template))
        case .table: return .object(MetaView(node: node))
        case .null: return .null
        }
    }
}
