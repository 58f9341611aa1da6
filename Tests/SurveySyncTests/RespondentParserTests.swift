import Foundation
import SurveySync
import Testing

@Suite("A respondent's YAML file becomes JSON")
struct RespondentParserTests {
    @Test func keepsEveryFieldWithItsType() throws {
        let yaml = """
            id: r-17
            name: Ada Lovelace
            age: 36
            height: 1.65
            price: 1.10
            consented: true
            nickname: ~
            answers:
              - question: favourite colour
                answer: green
              - question: pets
                answer: [cat, dog]
            address: {city: London, zip: "0042"}
            """
        let respondent = try RespondentParser.respondent(fromYAML: yaml, fileName: "ada.yaml")
        #expect(respondent.id == "r-17")
        #expect(
            respondent.fields == [
                "id": "r-17",
                "name": "Ada Lovelace",
                "age": 36,
                "height": 1.65,
                "price": 1.1,
                "consented": true,
                "nickname": .null,
                "answers": [
                    ["question": "favourite colour", "answer": "green"],
                    ["question": "pets", "answer": ["cat", "dog"]],
                ],
                "address": ["city": "London", "zip": "0042"],
            ])
    }

    @Test(arguments: [
        ("42", JSONValue.integer(42)),
        ("-7", -7),
        ("+3", 3),
        ("0", 0),
        ("0x1F", 31),
        ("0o17", 15),
        ("2.5", 2.5),
        ("-0.5", -0.5),
        (".5", 0.5),
        ("1e3", 1000.0),
        ("1e-3", 0.001),
        ("2.5E+2", 250.0),
        ("1e", "1e"),
        ("2.5E-", "2.5E-"),
        ("9223372036854775807", .integer(.max)),
        ("true", true),
        ("False", false),
        ("~", .null),
        ("null", .null),
        ("", .null),
        ("yes", "yes"),
        ("off", "off"),
        ("0042", "0042"),
        ("12:30", "12:30"),
        (".inf", ".inf"),
        ("1.2.3", "1.2.3"),
        ("2024-13-45", "2024-13-45"),
        ("2023-02-29", "2023-02-29"),
        ("2024-02-29", "2024-02-29T00:00:00Z"),
        ("2024-01-05 25:00:00", "2024-01-05 25:00:00"),
        ("2024-01-05 10:20:30.5+02:00", "2024-01-05T08:20:30.500Z"),
        ("'42'", "42"),
        ("\"true\"", "true"),
    ])
    func plainScalarsAreTypedQuotedOnesStayStrings(yaml: String, value: JSONValue) throws {
        let respondent = try RespondentParser.respondent(
            fromYAML: "id: 1\nx: \(yaml)\n", fileName: "a.yaml")
        #expect(respondent.fields["x"] == value)
    }

    @Test func timestampsBecomeISO8601Strings() throws {
        let yaml = """
            id: 1
            interviewed: 2024-03-05T14:30:00Z
            born: 1990-01-31
            """
        let respondent = try RespondentParser.respondent(fromYAML: yaml, fileName: "x.yaml")
        #expect(respondent.fields["interviewed"] == "2024-03-05T14:30:00Z")
        #expect(respondent.fields["born"] == "1990-01-31T00:00:00Z")
    }

    @Test func anIntegerIdIsKeptAsANumberAndNamesTheRespondent() throws {
        let respondent = try RespondentParser.respondent(fromYAML: "id: 42\n", fileName: "a.yaml")
        #expect(respondent.id == "42")
        #expect(respondent.fields["id"] == 42)
    }

    /// A file without an id named `..yaml` or `...yaml` would be a respondent no address
    /// reaches.
    @Test(arguments: ["..yaml", "...yaml"])
    func withoutAnIdAFileNameOfDotsIsNoRespondent(fileName: String) {
        #expect {
            try RespondentParser.respondent(fromYAML: "name: Grace\n", fileName: fileName)
        } throws: {
            "\($0)"
                == "\(fileName): without an id, the file's name cannot be '.' or '..', which no address reaches"
        }
    }

    /// `josé` composed and decomposed are one id to Swift and two to the stores: the
    /// decomposed spelling is refused, the composed one read.
    @Test func anIdIsInComposedForm() throws {
        #expect {
            try RespondentParser.respondent(fromYAML: "name: Grace\n", fileName: "jose\u{301}.yaml")
        } throws: {
            "\($0)".contains(
                "without an id, the file's name is not in Unicode's composed form (NFC)")
        }
        let composed = try RespondentParser.respondent(
            fromYAML: "id: jos\u{E9}\n", fileName: "a.yaml")
        #expect(Array(composed.id.utf8) == Array("jos\u{E9}".utf8))
    }

    @Test func withoutAnIdAFileNameOver1000BytesIsNoRespondent() {
        let name = String(repeating: "r", count: 1_001) + ".yaml"
        #expect {
            try RespondentParser.respondent(fromYAML: "name: Grace\n", fileName: name)
        } throws: {
            "\($0)" == "\(name): without an id, the file's name is longer than 1000 bytes"
        }
    }

    @Test func withoutAnIdTheFileNameNamesTheRespondent() throws {
        let respondent = try RespondentParser.respondent(
            fromYAML: "name: Grace\n", fileName: "grace-hopper.yml")
        #expect(respondent.id == "grace-hopper")
        #expect(respondent.fields == ["id": "grace-hopper", "name": "Grace"])
    }

    @Test func encodesAsAJSONObjectWithTypesIntact() throws {
        let respondent = try RespondentParser.respondent(
            fromYAML: "id: 7\nok: true\nscore: 2.5\ntags: [a]\nnote: null\n", fileName: "7.yaml")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(respondent))
        let object = try #require(json as? [String: Any])
        #expect(object["id"] as? Int == 7)
        #expect(object["score"] as? Double == 2.5)
        #expect(object["tags"] as? [String] == ["a"])
        #expect(object["note"] is NSNull)
        #expect(
            String(decoding: try JSONEncoder().encode(JSONValue.bool(true)), as: UTF8.self)
                == "true")
    }

    /// `id: 1` and then `k1: 1` to `k40: 40`, one a line.
    static let fortyKeys: String = "id: 1\n" + (1...40).map { "k\($0): \($0)\n" }.joined()

    @Test func aMappingWithManyKeysKeepsEachOnce() throws {
        let yaml = "id: 1\n" + (1...1_000).map { "k\($0): {v: \($0)}\n" }.joined()
        let respondent = try RespondentParser.respondent(fromYAML: yaml, fileName: "a.yaml")
        #expect(respondent.fields.count == 1_001)
        #expect(respondent.fields["k1"] == ["v": 1])
        #expect(respondent.fields["k1000"] == ["v": 1_000])
    }

    /// The canonical JSON a respondent keeps is a copy of what its fields say: two respondents
    /// are the same, hash and encode the same, whether or not one kept it.
    @Test func keptCanonicalJSONIsNotPartOfWhatARespondentIs() throws {
        let fields: [String: JSONValue] = ["id": "r1", "age": 41]
        let plain = Respondent(id: "r1", fields: fields)
        let keeping = Respondent(
            id: "r1", fields: fields, canonicalJSON: JSONWriter.data(.object(fields)))
        #expect(plain == keeping)
        #expect(Set([plain, keeping]).count == 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(plain) == encoder.encode(keeping))
        #expect(plain != Respondent(id: "r1", fields: ["id": "r1", "age": 42]))
        #expect(plain != Respondent(id: "r2", fields: fields))
    }

    @Test func aSyntaxErrorNamesTheFileLineAndColumn() {
        let yaml = "id: 1\nname: [unclosed\nage: 3\n"
        #expect {
            try RespondentParser.respondent(fromYAML: yaml, fileName: "broken.yaml")
        } throws: { error in
            let error = error as? RespondentFileError
            return error?.file == "broken.yaml" && error?.line == 3 && error?.column == 4
        }
    }

    @Test(arguments: [
        (
            "- a\n- b\n",
            "broken.yaml:1:1: a respondent file must hold one mapping (key: value lines)"
        ),
        (
            "just text\n",
            "broken.yaml:1:1: a respondent file must hold one mapping (key: value lines)"
        ),
        ("", "broken.yaml: the file is empty"),
        ("id: [1, 2]\n", "broken.yaml:1:5: field 'id' must be a string or an integer"),
        ("id: true\n", "broken.yaml:1:5: field 'id' must be a string or an integer"),
        ("id: ''\n", "broken.yaml:1:5: field 'id' must not be empty"),
        (
            "name: a\nid: .\n",
            "broken.yaml:2:5: field 'id' cannot be '.' or '..', which no address reaches"
        ),
        (
            "id: '..'\n",
            "broken.yaml:1:5: field 'id' cannot be '.' or '..', which no address reaches"
        ),
        (
            "id: " + String(repeating: "é", count: 501) + "\n",
            "broken.yaml:1:5: field 'id' is longer than 1000 bytes"
        ),
        (
            "id: jose\u{301}\n",
            "broken.yaml:1:5: field 'id' is not in Unicode's composed form (NFC): its letters and accents are written apart; write it with composed letters (é, not e and a combining accent)"
        ),
        ("id: 1\nname: a\nname: b\n", "broken.yaml:2:1: duplicate key 'name'"),
        (
            "id: 1\na: {x: 1, y: [2, {x: 3}]}\nb: {x: 1, x: 2}\n",
            "broken.yaml:3:5: duplicate key 'x'"
        ),
        ("id: 1\na:\n  b: {c: 1}\n  d: 2\na: 3\n", "broken.yaml:2:1: duplicate key 'a'"),
        (
            fortyKeys + "k3: again\n",
            "broken.yaml:4:1: duplicate key 'k3'"
        ),
        (
            fortyKeys + "k40: again\n",
            "broken.yaml:41:1: duplicate key 'k40'"
        ),
        (
            "address: {city: x}\nid: true\n",
            "broken.yaml:2:5: field 'id' must be a string or an integer"
        ),
        (
            "answers:\n  - id: 2\nid:\n  - 1\n",
            "broken.yaml:4:3: field 'id' must be a string or an integer"
        ),
        ("id: 1\n[a, b]: c\n", "broken.yaml:2:1: keys must be plain values, not lists or mappings"),
        (
            "id: 1\nbig: 99999999999999999999\n",
            "broken.yaml:2:6: the whole number 99999999999999999999 is beyond 64 bits; quote it to keep it as text"
        ),
        (
            "id: 1\nnote: \"a\\0b\"\n",
            "broken.yaml:2:7: text may not contain a NUL character"
        ),
        ("id: 1\nx: a\u{1}b\n", "broken.yaml:2:5: control characters are not allowed"),
        (
            "id: 1\n---\nid: 2\n",
            "broken.yaml:2:1: expected a single document in the stream but found another document"
        ),
    ])
    func problemsNameTheFileAndPlace(yaml: String, message: String) {
        #expect {
            try RespondentParser.respondent(fromYAML: yaml, fileName: "broken.yaml")
        } throws: { error in
            (error as? RespondentFileError)?.description == message
        }
    }

    /// A few hundred bytes must not make the sync expand, recurse or allocate without bound: the
    /// "billion laughs" is refused at its first anchor, before anything is expanded.
    static let limitCases: [(String, String)] = [
        (
            billionLaughs,
            "bomb.yaml:2:4: anchors (&name) are not supported: write the value out in full"
        ),
        (
            "id: 1\ncolour: *red\n",
            "bomb.yaml:2:9: aliases (*name) are not supported: write the value out in full"
        ),
        (
            "id: 1\nx: " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
            "bomb.yaml:2:67: nested more than 64 levels deep"
        ),
        (
            "id: 1\nx: [" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]",
            "bomb.yaml:2:199995: more than 100000 values"
        ),
    ]

    @Test(arguments: limitCases)
    func limitsStopTheFileBeforeItCostsMuch(yaml: String, message: String) {
        #expect {
            try RespondentParser.respondent(fromYAML: yaml, fileName: "bomb.yaml")
        } throws: { error in
            (error as? RespondentFileError)?.description == message
        }
    }

    @Test func justUnderTheLimitsIsRead() throws {
        let deep =
            "id: 1\nx: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        #expect(throws: Never.self) {
            try RespondentParser.respondent(fromYAML: deep, fileName: "a.yaml")
        }
        let many = "id: 1\nx: [" + Array(repeating: "0", count: 99_995).joined(separator: ",") + "]"
        let respondent = try RespondentParser.respondent(fromYAML: many, fileName: "a.yaml")
        guard case .array(let values)? = respondent.fields["x"] else {
            Issue.record("x is not a list")
            return
        }
        #expect(values.count == 99_995)
    }

    /// The "billion laughs": 600 bytes that expand to a billion strings, from the fuzz corpus.
    static let billionLaughs: String = {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/respondent-yaml/billion-laughs.yaml")
        return (try? String(contentsOf: corpus, encoding: .utf8)) ?? ""
    }()
}
