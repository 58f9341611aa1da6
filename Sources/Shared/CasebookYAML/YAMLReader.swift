import CYaml
import CasebookJSON

/// Reads a YAML text straight from libyaml's events into JSON, within `YAMLLimits`: no anchors
/// or aliases, bounded nesting, a bounded number of values, no NUL in any text, one document.
/// Plain scalars are typed by YAML 1.2's core schema (see `PlainScalar`) when asked; quoted and
/// block scalars, and keys, are always strings.
public enum YAMLReader {
    /// The text's one document, or nil when it holds none (empty, or only comments).
    public static func read(
        _ text: String, limits: YAMLLimits = YAMLLimits(), typingPlainScalars: Bool = true
    ) throws(YAMLError) -> YAMLDocument? {
        var text = withoutByteOrderMark(text)
        let result = text.withUTF8 { bytes in
            var reader = EventReader(
                bytes: bytes, limits: limits, typingPlainScalars: typingPlainScalars,
                building: true)
            return Result { () throws(YAMLError) in try reader.document() }
        }
        return try result.get()
    }

    /// Checks only that the text is YAML within `limits`, building nothing: for a file another
    /// parser then reads, so that it never sees an alias, a deep nesting or a flood of values.
    public static func check(_ text: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) {
        var text = withoutByteOrderMark(text)
        let result = text.withUTF8 { bytes in
            var reader = EventReader(
                bytes: bytes, limits: limits, typingPlainScalars: false, building: false)
            return Result { () throws(YAMLError) in _ = try reader.document() }
        }
        try result.get()
    }

    /// `text` without the byte order mark that may open a stream (YAML 1.2, 5.2; Windows'
    /// Notepad writes one), which libyaml, told the encoding, and Yams would take for text.
    package static func withoutByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }
}

/// One pass over the events, building JSON with explicit stacks (never recursion).
private struct EventReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: YAMLLimits
    private let typingPlainScalars: Bool
    /// False when only checking: nesting is followed, nothing is built.
    private let building: Bool

    private enum Kind { case sequence, mapping }
    private var kinds: [Kind] = []
    private var sequences: [[JSONValue]] = []
    /// One key of an open mapping with its value, and where each was given.
    private struct Entry {
        let key: String
        let keyPosition: YAMLPosition
        let value: JSONValue
        let valuePosition: YAMLPosition
    }
    /// The entries of every open mapping, the innermost's last. A mapping's dictionary is made
    /// once, at its end, at its final size: no key is hashed twice, no table grown.
    private var entries: [Entry] = []
    /// An open mapping: where its entries begin, the key whose value comes next (and where it
    /// was given), and an index of its keys once it has more than `keysScanned` (until then a
    /// duplicate is found by looking).
    private struct OpenMapping {
        let start: Int
        var pending: (key: String, position: YAMLPosition)?
        var index: [String: Int]?
    }
    private static let keysScanned = 16
    private var mappings: [OpenMapping] = []
    /// Where each open collection began.
    private var starts: [YAMLPosition] = []
    private var valueCount = 0
    private var root: JSONValue?
    private var rootPosition = YAMLPosition(line: 1, column: 1)
    private var fieldPositions: [String: YAMLPosition] = [:]

    init(
        bytes: UnsafeBufferPointer<UInt8>, limits: YAMLLimits, typingPlainScalars: Bool,
        building: Bool
    ) {
        self.bytes = bytes
        self.limits = limits
        self.typingPlainScalars = typingPlainScalars
        self.building = building
    }

    mutating func document() throws(YAMLError) -> YAMLDocument? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(line: nil, column: nil, problem: "out of memory")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var documents = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { throw error(from: parser) }
            defer { yaml_event_delete(&event) }
            let position = YAMLPosition(
                line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                guard building, let root else { return nil }
                return YAMLDocument(
                    root: root, position: rootPosition, fieldPositions: fieldPositions)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw YAMLError(
                        line: position.line, column: position.column,
                        problem:
                            "expected a single document in the stream but found another document")
                }
            case YAML_ALIAS_EVENT:
                throw YAMLError(
                    line: position.line, column: position.column,
                    problem: "aliases (*name) are not supported: write the value out in full")
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                try refuseAnchor(scalar.anchor, at: position)
                let tagged = try isText(tag: scalar.tag, at: position)
                try count(at: position)
                let text = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                guard !text.contains(0) else {
                    throw YAMLError(
                        line: position.line, column: position.column,
                        problem: "text may not contain a NUL character")
                }
                guard building else { continue }
                let string = String(decoding: text, as: UTF8.self)
                if kinds.last == .mapping, mappings[mappings.count - 1].pending == nil {
                    try takeKey(string, at: position)
                } else {
                    let isPlain =
                        scalar.style == YAML_PLAIN_SCALAR_STYLE
                        || scalar.style == YAML_ANY_SCALAR_STYLE
                    let value: JSONValue
                    if typingPlainScalars && isPlain && !tagged {
                        do {
                            value = try PlainScalar.value(of: string) ?? .string(string)
                        } catch {
                            throw YAMLError(
                                line: position.line, column: position.column, problem: error.problem
                            )
                        }
                    } else {
                        value = .string(string)
                    }
                    try add(value, at: position)
                }
            case YAML_SEQUENCE_START_EVENT:
                try refuseAnchor(event.data.sequence_start.anchor, at: position)
                try refuse(tag: event.data.sequence_start.tag, but: "seq", at: position)
                try open(.sequence, at: position)
            case YAML_MAPPING_START_EVENT:
                try refuseAnchor(event.data.mapping_start.anchor, at: position)
                try refuse(tag: event.data.mapping_start.tag, but: "map", at: position)
                try open(.mapping, at: position)
            case YAML_SEQUENCE_END_EVENT:
                kinds.removeLast()
                guard building else { continue }
                let start = starts.removeLast()
                try add(.array(sequences.removeLast()), at: start)
            case YAML_MAPPING_END_EVENT:
                kinds.removeLast()
                guard building else { continue }
                let start = starts.removeLast()
                try add(.object(closeMapping()), at: start)
            default:
                break
            }
        }
    }

    private mutating func open(_ kind: Kind, at position: YAMLPosition) throws(YAMLError) {
        if building, kinds.last == .mapping, mappings[mappings.count - 1].pending == nil {
            throw YAMLError(
                line: position.line, column: position.column,
                problem: "keys must be plain values, not lists or mappings")
        }
        try count(at: position)
        guard kinds.count < limits.maximumDepth else {
            throw YAMLError(
                line: position.line, column: position.column,
                problem: "nested more than \(limits.maximumDepth) levels deep")
        }
        if building {
            starts.append(position)
            switch kind {
            case .sequence: sequences.append([])
            case .mapping: mappings.append(OpenMapping(start: entries.count))
            }
        }
        kinds.append(kind)
    }

    /// Puts a finished value that began at `position` where it belongs: in the open list or
    /// under the pending key, or at the root.
    private mutating func add(_ value: JSONValue, at position: YAMLPosition) throws(YAMLError) {
        switch kinds.last {
        case nil:
            root = value
            rootPosition = position
        case .sequence:
            sequences[sequences.count - 1].append(value)
        case .mapping:
            let last = mappings.count - 1
            let (key, keyPosition) = mappings[last].pending!
            entries.append(
                Entry(key: key, keyPosition: keyPosition, value: value, valuePosition: position))
            mappings[last].pending = nil
            let count = entries.count - mappings[last].start
            if mappings[last].index != nil {
                mappings[last].index![key] = entries.count - 1
            } else if count > Self.keysScanned {
                var index = [String: Int](minimumCapacity: count * 2)
                for place in mappings[last].start..<entries.count {
                    index[entries[place].key] = place
                }
                mappings[last].index = index
            }
        }
    }

    /// The innermost mapping's dictionary; for the root mapping, also where each value began.
    private mutating func closeMapping() -> [String: JSONValue] {
        let start = mappings.removeLast().start
        var fields = [String: JSONValue](minimumCapacity: entries.count - start)
        for entry in entries[start...] {
            fields[entry.key] = entry.value
        }
        if kinds.isEmpty {
            fieldPositions.reserveCapacity(entries.count - start)
            for entry in entries[start...] {
                fieldPositions[entry.key] = entry.valuePosition
            }
        }
        entries.removeSubrange(start...)
        return fields
    }

    /// Takes `key` as the innermost mapping's next key, unless it already has it.
    private mutating func takeKey(_ key: String, at position: YAMLPosition) throws(YAMLError) {
        let last = mappings.count - 1
        let first: Int?
        if let index = mappings[last].index {
            first = index[key]
        } else {
            first = entries[mappings[last].start...].firstIndex { $0.key == key }
        }
        if let first {
            let place = entries[first].keyPosition
            throw YAMLError(
                line: place.line, column: place.column, problem: "duplicate key '\(key)'")
        }
        mappings[last].pending = (key, position)
    }

    private mutating func count(at position: YAMLPosition) throws(YAMLError) {
        valueCount += 1
        guard valueCount <= limits.maximumValues else {
            throw YAMLError(
                line: position.line, column: position.column,
                problem: "more than \(limits.maximumValues) values")
        }
    }

    private func refuseAnchor(
        _ anchor: UnsafeMutablePointer<yaml_char_t>?, at position: YAMLPosition
    )
        throws(YAMLError)
    {
        guard anchor != nil else { return }
        throw YAMLError(
            line: position.line, column: position.column,
            problem: "anchors (&name) are not supported: write the value out in full")
    }

    /// Whether a scalar's `tag` makes it text: `!!str`, or `!` alone (YAML's "not plain");
    /// false without a tag. Any other tag is refused: none is read, and a value read as if it
    /// had none might not be what its writer meant (`!!binary`, `!!int "7"`).
    private func isText(tag: UnsafeMutablePointer<yaml_char_t>?, at position: YAMLPosition)
        throws(YAMLError) -> Bool
    {
        guard let tag else { return false }
        let name = String(cString: tag)
        guard name == "tag:yaml.org,2002:str" || name == "!" else {
            throw tagRefusal(at: position)
        }
        return true
    }

    /// Refuses a collection's `tag` unless it is its own kind's (`!!seq`, `!!map`).
    private func refuse(
        tag: UnsafeMutablePointer<yaml_char_t>?, but kind: String, at position: YAMLPosition
    ) throws(YAMLError) {
        guard let tag, String(cString: tag) != "tag:yaml.org,2002:\(kind)" else { return }
        throw tagRefusal(at: position)
    }

    private func tagRefusal(at position: YAMLPosition) -> YAMLError {
        YAMLError(
            line: position.line, column: position.column,
            problem:
                "tags (!!int, !name) are not read: write the value without one, or quote it to keep it as text"
        )
    }

    /// libyaml's own error, placed as a compiler would place it.
    private func error(from parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        switch parser.error {
        case YAML_READER_ERROR:
            let place = position(ofByte: parser.problem_offset)
            return YAMLError(line: place.line, column: place.column, problem: problem)
        case YAML_MEMORY_ERROR:
            return YAMLError(line: nil, column: nil, problem: "out of memory")
        default:
            let context = parser.context.map { String(cString: $0) + " " } ?? ""
            return YAMLError(
                line: Int(parser.problem_mark.line) + 1,
                column: Int(parser.problem_mark.column) + 1, problem: context + problem)
        }
    }

    /// The line and column (in Unicode scalars) of byte `offset`.
    private func position(ofByte offset: Int) -> YAMLPosition {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return YAMLPosition(line: line, column: column)
    }
}
