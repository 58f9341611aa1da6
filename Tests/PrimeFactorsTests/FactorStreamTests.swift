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
