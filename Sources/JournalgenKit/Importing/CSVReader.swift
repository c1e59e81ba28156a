/// RFC 4180 CSV: fields separated by commas, a field in double quotes may hold commas, line
/// breaks and `""` for a quote. Each record keeps the line it starts on, for messages. About 40
/// lines; no CSV package is in the machine's package cache, and Foundation has no reader.
struct CSVReader {
    struct Record {
        var fields: [String]
        var line: Int
    }

    enum Problem: Error {
        case unclosedQuote(line: Int)
    }

    static func records(_ text: String) -> Result<[Record], Problem> {
        var records: [Record] = []
        var fields: [String] = [], field = ""
        var quoted = false, line = 1, recordLine = 1, quoteLine = 1
        var characters = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let p = pending { pending = nil; return p }
            return characters.next()
        }
        func endRecord() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(fields: fields, line: recordLine)) }
            fields = []
        }
        while let c = next() {
            if quoted {
                if c == "\"" {
                    if let after = next() {
                        if after == "\"" { field.append("\"") } else { quoted = false; pending = after }
                    } else { quoted = false }
                } else {
                    if c == "\n" || c == "\r\n" || c == "\r" { line += 1; field.append("\n") } else { field.append(c) }
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty: quoted = true; quoteLine = line
            case ",": fields.append(field); field = ""
            case "\n", "\r\n", "\r": endRecord(); line += 1; recordLine = line
            default: field.append(c)
            }
        }
        if quoted { return .failure(.unclosedQuote(line: quoteLine)) }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return .success(records)
    }
}
