/// The cached enums with values, coded as a case number followed by the values, so that the
/// compact coder (which writes no field names) can read them back.
extension MetaNode.Value: Codable {
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        switch try c.decode(Int.self) {
        case 0: self = .scalar(try c.decode(String.self), plain: try c.decode(Bool.self))
        case 1: self = .list(try c.decode([MetaNode].self))
        case 2: self = .table(try c.decode([MetaEntry].self))
        default: self = .null
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        switch self {
        case .scalar(let text, let plain): try c.encode(0); try c.encode(text); try c.encode(plain)
        case .list(let nodes): try c.encode(1); try c.encode(nodes)
        case .table(let entries): try c.encode(2); try c.encode(entries)
        case .null: try c.encode(3)
        }
    }
}

extension Glory: Codable {
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self = try c.decode(Bool.self) ? .realised(try c.decode(CalendarDay.self)) : .undated
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        switch self {
        case .realised(let day): try c.encode(true); try c.encode(day)
        case .undated: try c.encode(false)
        }
    }
}
