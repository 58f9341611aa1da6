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

    /// The stream keeps its scratch space for factors between numbers, clearing it now and
    /// then: over thousands of numbers, each line still holds that number's factors alone.
    @Test func eachLineOfALongStreamHoldsItsOwnNumbersFactorsAlone() throws {
        var stream = makeStream()
        let numbers = (1...5_000).map { UInt64($0) * 1_000_003 }
        var input = ByteReaderStub(chunks: [numbers.map(String.init).joined(separator: "\n")])
        try stream.factor(from: &input)
        let expected = numbers.map { number in
            "\(number):" + primeFactors(of: number).map { " \($0)" }.joined() + "\n"
        }
        #expect(output.text == expected.joined())
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

    @Test func takesAnArgumentAsBytesThatNeedNotBeUTF8() throws {
        var stream = makeStream()
        try stream.factor(argumentBytes: Array("12".utf8))
        try stream.factor(argumentBytes: [0x78, 0x80, 0x27])
        try stream.factor(argumentBytes: Array("+00018446744073709551617".utf8))
        try stream.flush()
        #expect(output.text == "12: 2 2 3\n18446744073709551617: 274177 67280421310721\n")
        #expect(
            diagnostics.text == "casebook factor: 'x\\200\\'' is not a valid positive integer\n")
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

    /// On a terminal (GNU writes each line when standard input or output is one), each answer
    /// is there before the stream waits for more input.
    @Test func onATerminalWritesWhatItHasBeforeWaitingForMoreInput() throws {
        var stream = makeStream()
        stream.writesEachLine = true
        var input = ByteReaderStub(chunks: ["6\n", "8\n"])
        try stream.factor(from: &input)
        #expect(
            output.writes.map { String(decoding: $0, as: UTF8.self) } == ["6: 2 3\n", "8: 2 2 2\n"])
    }

    /// In a pipe, GNU holds lines in its 512-byte buffer across reads; so does the stream.
    @Test func inAPipeHoldsShortOutputAcrossReadsAsGNUDoes() throws {
        var stream = makeStream()
        var input = ByteReaderStub(chunks: ["6\n", "8\n"])
        try stream.factor(from: &input)
        #expect(output.writes.map { String(decoding: $0, as: UTF8.self) } == ["6: 2 3\n8: 2 2 2\n"])
    }

    @Test func onATerminalWritesOutputBeforeADiagnosticSoTheyInterleaveInOrder() throws {
        var stream = makeStream()
        stream.writesEachLine = true
        try stream.factor(argument: "4")
        try stream.factor(argument: "x")
        #expect(output.text == "4: 2 2\n")
    }

    /// GNU's error message goes out at once while its line buffer holds the lines before it:
    /// `factor 4 x 2>&1` shows the message first.
    @Test func inAPipeADiagnosticGoesOutBeforeTheLinesGNUStillHolds() throws {
        var stream = makeStream()
        try stream.factor(argument: "4")
        try stream.factor(argument: "x")
        #expect(output.text.isEmpty)
        #expect(!diagnostics.text.isEmpty)
        try stream.flush()
        #expect(output.text == "4: 2 2\n")
    }
}

/// Numbers beyond 64 bits, and the order GNU writes their lines in.
@Suite("Factoring a stream of numbers of any size")
struct WideFactorStreamTests {
    let output = ByteWriterSpy()
    let diagnostics = ByteWriterSpy()

    func makeStream() -> FactorStream<ByteWriterSpy, ByteWriterSpy> {
        FactorStream(output: output, diagnostics: diagnostics, commandName: "casebook factor")
    }

    @Test func factorsNumbersBeyond64BitsWrittenAsGNUWritesThem() throws {
        var stream = makeStream()
        try stream.factor(argument: "+00018446744073709551617")
        try stream.factor(argument: "  340282366920938463463374607431768211455")
        try stream.flush()
        // The second is above 2^127: GNU writes its line at once, before the first's.
        #expect(
            output.text == """
                340282366920938463463374607431768211455: 3 5 17 257 641 65537 274177 6700417 67280421310721
                18446744073709551617: 274177 67280421310721

                """)
        #expect(!stream.sawInvalidInput)
    }

    /// GNU keeps the lines of numbers below 2^127 in a 512-byte buffer and writes the line of a
    /// larger number at once: in a pipe, that line comes out first.
    @Test func aNumberFrom2To127OnComesOutBeforeTheLinesGNUStillHolds() throws {
        var stream = makeStream()
        var input = ByteReaderStub(chunks: [
            "4 170141183460469231731687303715884105727 170141183460469231731687303715884105757 9\n"
        ])
        try stream.factor(from: &input)
        #expect(
            output.text == """
                170141183460469231731687303715884105757: 170141183460469231731687303715884105757
                4: 2 2
                170141183460469231731687303715884105727: 170141183460469231731687303715884105727
                9: 3 3

                """)
    }

    /// The lines the buffer still holds stay held after a large number's line, behind the
    /// next large number's too.
    @Test func linesTheBufferHasWrittenStayBeforeALargeNumbersLine() throws {
        var stream = makeStream()
        // 100 lines of "1000000: 2 2 2 2 2 2 5 5 5 5 5 5" (33 bytes): each time the buffer
        // passes 512 bytes, GNU writes the 15 lines (495 bytes) that fit in 512.
        let small = Array(repeating: "1000000", count: 100).joined(separator: " ")
        let large = " 340282366920938463463374607431768211507"
        var input = ByteReaderStub(chunks: [small + large + large + "\n"])
        try stream.factor(from: &input)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 103)
        // As GNU: 6 writes of 15 lines, the two large lines, then the 10 lines still held.
        #expect(lines.indices.filter { lines[$0].hasPrefix("3402") } == [90, 91])
        #expect(lines[92..<102].allSatisfy { $0 == "1000000: 2 2 2 2 2 2 5 5 5 5 5 5" })
        #expect(lines[102].isEmpty)
    }

    /// GNU writes its line buffer as soon as a line ends with 512 bytes or more in it, up to the
    /// last newline among the first 512. Fifteen lines of 33 bytes and one of 16, 17 or 18 hold
    /// 511, 512 or 513 bytes; where a large number's line comes out after them shows what GNU
    /// had written (checked with `echo … | factor | cat`, coreutils 9.1).
    @Test(arguments: [
        ("64", 511, 0),  // nothing written yet
        ("144", 512, 16),  // all sixteen lines
        ("352", 513, 15),  // all but the line that ends after the 512th byte
    ])
    func theLineBufferIsWrittenWhenItHolds512Bytes(last: String, held: Int, linesBefore: Int)
        throws
    {
        let large = "170141183460469231731687303715884105757"
        var stream = makeStream()
        let small = Array(repeating: "1000000", count: 15) + [last]
        var input = ByteReaderStub(chunks: [small.joined(separator: " ") + " \(large) 9\n"])
        try stream.factor(from: &input)
        let lines = output.text.split(separator: "\n")
        #expect(lines.count == 18)
        let smallLines = lines.filter { !$0.hasPrefix(large) && $0 != "9: 3 3" }
        #expect(smallLines.map { $0.utf8.count + 1 }.reduce(0, +) == held)
        #expect(lines.firstIndex { $0.hasPrefix(large) } == linesBefore)
    }

    @Test func onATerminalEveryLineIsWrittenWhenItIsDoneSoOrderIsKept() throws {
        var stream = makeStream()
        stream.writesEachLine = true
        var input = ByteReaderStub(chunks: ["4 170141183460469231731687303715884105757\n"])
        try stream.factor(from: &input)
        #expect(output.text.hasPrefix("4: 2 2\n170141183460469231731687303715884105757: "))
    }
}
