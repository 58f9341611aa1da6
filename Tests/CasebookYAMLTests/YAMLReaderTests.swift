import CasebookJSON
import CasebookYAML
import Testing

/// The YAML reader on its own: every file Casebook reads from outside (respondents, the menu)
/// passes through it, so each refusal must say what and where, and each limit must hold at its
/// value.
@Suite("YAML reader")
struct YAMLReaderTests {
    static let unclosed = "id: 1\nname: [unclosed\nage: 3\n"
    static let unclosedError = YAMLError(
        line: 3, column: 4,
        problem: "while parsing a flow sequence did not find expected ',' or ']'")

    @Test func aSyntaxErrorIsLibyamlsProblemWithItsContextAndPlace() {
        #expect(throws: Self.unclosedError) { try YAMLReader.read(Self.unclosed) }
        #expect(throws: Self.unclosedError) { try YAMLReader.check(Self.unclosed) }
    }

    /// libyaml places a character it refuses by its byte offset; the place a person reads counts
    /// characters, so a line of accented letters must not move it.
    @Test func aRefusedCharacterIsPlacedByLineAndCharacterNotByte() {
        let text = "name: Zoë\nnote: éàü\u{1}\n"
        let expected = YAMLError(
            line: 2, column: 10, problem: "control characters are not allowed")
        #expect(throws: expected) { try YAMLReader.read(text) }
        #expect(throws: expected) { try YAMLReader.check(text) }
        let first = YAMLError(line: 1, column: 3, problem: "control characters are not allowed")
        #expect(throws: first) { try YAMLReader.read("ab\u{1}: 1\n") }
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n"])
    func aTextWithoutADocumentReadsAsNothing(text: String) throws {
        #expect(try YAMLReader.read(text) == nil)
        try YAMLReader.check(text)
    }

    @Test func theRootAndEachTopLevelValueKnowWhereTheyBegin() throws {
        let document = try #require(
            try YAMLReader.read("# a respondent\nid: 7\nanswers:\n  - x: 1\n  - y: 2\n"))
        #expect(document.root == ["id": 7, "answers": [["x": 1], ["y": 2]]])
        #expect(document.position == YAMLPosition(line: 2, column: 1))
        #expect(
            document.fieldPositions == [
                "id": YAMLPosition(line: 2, column: 5),
                "answers": YAMLPosition(line: 4, column: 3),
            ])
        let scalar = try #require(try YAMLReader.read("\n\n   hello\n"))
        #expect(scalar.root == "hello")
        #expect(scalar.position == YAMLPosition(line: 3, column: 4))
        #expect(scalar.fieldPositions.isEmpty)
    }

    @Test func plainScalarsAreTypedOnlyWhenAsked() throws {
        let text = "1: 2\nyes: true\nq: '3'\n"
        #expect(try YAMLReader.read(text)?.root == ["1": 2, "yes": true, "q": "3"])
        #expect(
            try YAMLReader.read(text, typingPlainScalars: false)?.root
                == ["1": "2", "yes": "true", "q": "3"])
    }

    /// Limits of 2 levels and 5 values: text at each limit is read, one more is refused at the
    /// value that went past it, by reading and by checking alike.
    static let small = YAMLLimits(maximumDepth: 2, maximumValues: 5)

    @Test(arguments: ["[[1]]", "{a: [1]}", "[1, 2, 3, 4]", "{a: 1, b: 2}"])
    func textAtTheLimitsIsRead(text: String) throws {
        #expect(try YAMLReader.read(text, limits: Self.small) != nil)
        try YAMLReader.check(text, limits: Self.small)
    }

    @Test(arguments: [
        ("[[[1]]]", YAMLError(line: 1, column: 3, problem: "nested more than 2 levels deep")),
        ("{a: {b: [1]}}", YAMLError(line: 1, column: 9, problem: "nested more than 2 levels deep")),
        ("[1, 2, 3, 4, 5]", YAMLError(line: 1, column: 14, problem: "more than 5 values")),
        ("{a: 1, b: 2, c: 3}", YAMLError(line: 1, column: 14, problem: "more than 5 values")),
    ])
    func textPastTheLimitsIsRefusedWhereItWentPast(text: String, error: YAMLError) {
        #expect(throws: error) { try YAMLReader.read(text, limits: Self.small) }
        #expect(throws: error) { try YAMLReader.check(text, limits: Self.small) }
    }

    static let anchorProblem = "anchors (&name) are not supported: write the value out in full"

    /// `!!str` makes a plain value text, as YAML says (`!!str 1.50` is "1.50", not 1.5); no
    /// other tag is read, and a value that bears one is refused where it stands rather than
    /// read as if it had none.
    @Test func aStrTagKeepsAPlainValueText() throws {
        let document = try #require(
            try YAMLReader.read(
                "zip: !!str 1.50\nname: !!str null\nflag: !!str true\nday: !!str 2024-01-01\n"
                    + "n: !!str 123\nplain: 1.50\nquoted: ! 7\n"))
        #expect(
            document.root
                == [
                    "zip": "1.50", "name": "null", "flag": "true", "day": "2024-01-01", "n": "123",
                    "plain": 1.5, "quoted": "7",
                ])
    }

    /// A byte order mark may open a stream, as YAML has it (Windows' Notepad writes one): it is
    /// read past, and places are counted as an editor shows them, without it.
    @Test func aByteOrderMarkOpeningTheTextIsReadPast() throws {
        let document = try #require(try YAMLReader.read("\u{FEFF}a: 1\nb: x\n"))
        #expect(document.root == ["a": 1, "b": "x"])
        #expect(throws: YAMLError(line: 1, column: 4, problem: Self.anchorProblem)) {
            try YAMLReader.read("\u{FEFF}a: &x 1\n")
        }
        #expect(throws: YAMLError.self) { try YAMLReader.read("a: 1\n\u{FEFF}b: 2\n") }
    }

    static let tagProblem =
        "tags (!!int, !name) are not read: write the value without one, or quote it to keep it as text"

    @Test(arguments: [
        ("a: !!int 7\n", YAMLError(line: 1, column: 4, problem: tagProblem)),
        ("a: !!binary aGVsbG8=\n", YAMLError(line: 1, column: 4, problem: tagProblem)),
        ("a: 1\nb: !custom x\n", YAMLError(line: 2, column: 4, problem: tagProblem)),
        ("a: !!set {x: null}\n", YAMLError(line: 1, column: 4, problem: tagProblem)),
        ("a: !!omap [x: 1]\n", YAMLError(line: 1, column: 4, problem: tagProblem)),
    ])
    func aValueWithAnyOtherTagIsRefused(text: String, error: YAMLError) {
        #expect(throws: error) { try YAMLReader.read(text) }
    }

    /// Nothing may make the reader expand a value: anchors on any kind of value, and aliases, are
    /// refused where they stand, and so are NUL characters and a second document.
    @Test(arguments: [
        ("a: &x 1\n", YAMLError(line: 1, column: 4, problem: anchorProblem)),
        ("a: &x [1]\n", YAMLError(line: 1, column: 4, problem: anchorProblem)),
        ("a: 1\nb: &x {c: 1}\n", YAMLError(line: 2, column: 4, problem: anchorProblem)),
        (
            "a: 1\nb: *x\n",
            YAMLError(
                line: 2, column: 4,
                problem: "aliases (*name) are not supported: write the value out in full")
        ),
        (
            "a: \"x\\0y\"\n",
            YAMLError(line: 1, column: 4, problem: "text may not contain a NUL character")
        ),
        (
            "\"k\\0\": 1\n",
            YAMLError(line: 1, column: 1, problem: "text may not contain a NUL character")
        ),
        (
            "a: 1\n---\nb: 2\n",
            YAMLError(
                line: 2, column: 1,
                problem: "expected a single document in the stream but found another document")
        ),
    ])
    func whatCouldExpandOrHideIsRefusedWhereItStands(text: String, error: YAMLError) {
        #expect(throws: error) { try YAMLReader.read(text) }
        #expect(throws: error) { try YAMLReader.check(text) }
    }

    @Test func aDuplicateKeyIsPlacedAtItsFirstUseInMappingsOfAnySize() {
        for size in [2, 16, 17, 40] {
            let keys = (1...size).map { "k\($0): \($0)\n" }.joined()
            let text =
                "outer:\n" + keys.split(separator: "\n").map { "  \($0)\n" }.joined()
                + "  k\(size): again\n"
            #expect(
                throws: YAMLError(line: size + 1, column: 3, problem: "duplicate key 'k\(size)'")
            ) { try YAMLReader.read(text) }
        }
    }

    /// Checking leaves a file's meaning to the parser that then reads it (the menu's): it
    /// refuses only what the limits and YAML itself refuse, not a repeated or composite key.
    @Test(arguments: ["a: 1\na: 2\n", "? [a, b]\n: c\n", "{? {a: 1} : b}\n"])
    func checkingRefusesOnlyWhatTheLimitsAndYAMLRefuse(text: String) {
        #expect(throws: Never.self) { try YAMLReader.check(text) }
        #expect(throws: YAMLError.self) { try YAMLReader.read(text) }
    }

    @Test func keysMustBePlainValuesWhenReading() {
        #expect(
            throws: YAMLError(
                line: 1, column: 3, problem: "keys must be plain values, not lists or mappings")
        ) { try YAMLReader.read("? [a, b]\n: c\n") }
    }
}
