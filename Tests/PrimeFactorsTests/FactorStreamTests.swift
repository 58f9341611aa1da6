import PrimeFactors
import Testing

@Suite("Factoring a stream of numbers")
struct FactorStreamTests {
    let output = ByteWriterSpy()
    let diagnostics = ByteWriterSpy()

    func makeStream() -> FactorStream<ByteWriterSpy, ByteWriterSpy> {
        FactorStream(output: output, diagnostics: diagnostics, commandName: "casebook factor")
    }

    @Test func factorsEachArgumentOnItsOwnLine() throws {
        var stream = makeStream()
        try stream.factor(argument: "12")
        try stream.factor(argument: "+7")
        try stream.flush()
        #expect(output.text == "12: 2 2 3\n7: 7\n")
        #expect(stream.sawInvalidInput == false)
    }

    @Test func reportsAnInvalidTokenAndCarriesOn() throws {
        var stream = makeStream()
        try stream.factor(argument: "abc")
        try stream.factor(argument: "6")
        try stream.flush()
        #expect(output.text == "6: 2 3\n")
        #expect(diagnostics.text == "casebook factor: 'abc' is not a valid positive integer\n")
        #expect(stream.sawInvalidInput)
    }

    @Test func readsNumbersSeparatedBySpacesTabsAndNewlines() throws {
        var stream = makeStream()
        var input = ByteReaderStub(chunks: ["  4\t9\n\n10 \n"])
        try stream.factor(from: &input)
        #expect(output.text == "4: 2 2\n9: 3 3\n10: 2 5\n")
        #expect(diagnostics.text.isEmpty)
    }

    /// GNU `factor` reads each token as a C string: a NUL ends it, and whatever follows the NUL
    /// up to the next separator is ignored (`printf '12\\0\\n' | factor` prints `12: 2 2 3`).
    @Test(arguments: [
        ("12\u{0}\n", "12: 2 2 3\n", ""),
        ("1\u{0}2 5\n", "1:\n5: 5\n", ""),
        ("\u{0}\n7\n", "7: 7\n", "casebook factor: '' is not a valid positive integer\n"),
        ("a\u{0}b 4\n", "4: 2 2\n", "casebook factor: 'a' is not a valid positive integer\n"),
        ("+\u{0} 7\n", "7: 7\n", "casebook factor: '+' is not a valid positive integer\n"),
    ])
    func aNULEndsItsTokenAsInGNUFactor(input: String, expected: String, errors: String) throws {
        var stream = makeStream()
        var reader = ByteReaderStub(chunks: [input])
        try stream.factor(from: &reader)
        #expect(output.text == expected)
        #expect(diagnostics.text == errors)
    }

    @Test func joinsATokenSplitAcrossReads() throws {
        var stream = makeStream()
        var input = ByteReaderStub(chunks: ["1", "2 3", "5\n", "7"])
        try stream.factor(from: &input)
        #expect(output.text == "12: 2 2 3\n35: 5 7\n7: 7\n")
    }

    @Test func otherWhitespaceIsPartOfATokenAsInGNUFactor() throws {
        var stream = makeStream()
        var input = ByteReaderStub(chunks: ["12\r\n13\u{B}14\n"])
        try stream.factor(from: &input)
        #expect(output.text.isEmpty)
        #expect(
            diagnostics.text
                == "casebook factor: '12\\r' is not a valid positive integer\n"
                + "casebook factor: '13\\v14' is not a valid positive integer\n")
        #expect(stream.sawInvalidInput)
    }

    @Test func buffersOutputInsteadOfWritingEveryLine() throws {
        var stream = makeStream()
        let numbers = (1...5000).map(String.init).joined(separator: "\n")
        var input = ByteReaderStub(chunks: [numbers])
        try stream.factor(from: &input)
        #expect(output.text.split(separator: "\n").count == 5000)
        #expect(output.writes.count < 10)
    }

    @Test func flushesWhatItHasBeforeWaitingForMoreInput() throws {
        var stream = makeStream()
        var input = ByteReaderStub(chunks: ["6\n", "8\n"])
        try stream.factor(from: &input)
        #expect(
            output.writes.map { String(decoding: $0, as: UTF8.self) } == ["6: 2 3\n", "8: 2 2 2\n"])
    }

    @Test func writesOutputBeforeADiagnosticSoTheyInterleaveInOrder() throws {
        var stream = makeStream()
        try stream.factor(argument: "4")
        try stream.factor(argument: "x")
        #expect(output.text == "4: 2 2\n")
    }
}
