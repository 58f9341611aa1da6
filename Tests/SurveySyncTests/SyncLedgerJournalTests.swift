import Foundation
import Testing

@testable import SurveySyncCore

/// A ledger's journal is read whole or refused: a line that is not one of its records (a
/// backend without its address, a record of no known kind) is never taken as one, since what
/// the ledger says was sent decides what is never sent again.
struct SyncLedgerJournalTests {
    static func journal(_ line: String) -> Data {
        Data((#"{"version":2}"# + "\n" + line + "\n").utf8)
    }

    @Test(arguments: [
        #"{"backend":"s1"}"#, #"{"backend":"s1","address":7}"#, #"{"other":"x"}"#,
        #"{"ack":"s1","file":"a.yaml","id":"r1"}"#, #"{"ack":"s1","file":"a.yaml","hash":"h"}"#,
        #"{"ack":"s1","hash":"h","id":"r1"}"#, #"{"drop":"s1"}"#,
        #"{"legacy":"a.yaml","hash":"h"}"#, #"{"legacy":"a.yaml","id":"r1"}"#,
        #"{"backend":"s1","address":"x","ack":"s1"}"#,
    ])
    func aLineThatIsNotARecordMakesTheLedgerUnreadable(line: String) {
        #expect {
            try SyncLedger(data: Self.journal(line), location: "ledger.json")
        } throws: { error in
            "\(error)".contains("ledger.json") && "\(error)".contains("not a sync ledger")
        }
    }

    /// An acknowledgement is one line of canonical JSON (sorted keys, no spaces), escaped as
    /// JSON escapes, a missing digest written as null; read back, it is the same entry.
    @Test func anAcknowledgementIsOneCanonicalLineReadBackTheSame() throws {
        let saved = Self.journal(#"{"backend":"s1","address":"x"}"#)
        var ledger = try SyncLedger(data: saved, location: "ledger.json")
        ledger.acknowledge(
            "a \"b\".yaml",
            SyncLedger.Entry(contentHash: "h1", respondentID: "r\n1", digest: "d1"), by: "s1")
        ledger.acknowledge(
            "c.yaml", SyncLedger.Entry(contentHash: "h2", respondentID: "é", digest: nil),
            by: "s1")

        let taken = ledger.takeChanges()
        let changes = try #require(taken)

        #expect(!changes.whole)
        let lines = String(decoding: changes.data, as: UTF8.self).split(separator: "\n")
        #expect(
            lines == [
                #"{"ack":"s1","digest":"d1","file":"a \"b\".yaml","hash":"h1","id":"r\n1"}"#,
                #"{"ack":"s1","digest":null,"file":"c.yaml","hash":"h2","id":"é"}"#,
            ])
        let read = try SyncLedger(data: saved + changes.data, location: "ledger.json")
        #expect(
            read.backends["s1"]?.files["a \"b\".yaml"]
                == SyncLedger.Entry(contentHash: "h1", respondentID: "r\n1", digest: "d1"))
        #expect(
            read.backends["s1"]?.files["c.yaml"]
                == SyncLedger.Entry(contentHash: "h2", respondentID: "é", digest: nil))
    }

    /// Written whole (a new ledger, or one compacted), the same lines, in file order.
    @Test func aLedgerWrittenWholeHasTheSameAcknowledgementLines() throws {
        var ledger = try SyncLedger(data: nil, location: "ledger.json")
        ledger.addBackend("s1", address: "x")
        ledger.acknowledge(
            "c.yaml", SyncLedger.Entry(contentHash: "h2", respondentID: "é", digest: nil),
            by: "s1")
        ledger.acknowledge(
            "a.yaml", SyncLedger.Entry(contentHash: "h1", respondentID: "r1", digest: "d1"),
            by: "s1")

        let taken = ledger.takeChanges()
        let changes = try #require(taken)

        #expect(changes.whole)
        #expect(
            String(decoding: changes.data, as: UTF8.self) == """
                {"version":2}
                {"address":"x","backend":"s1"}
                {"ack":"s1","digest":"d1","file":"a.yaml","hash":"h1","id":"r1"}
                {"ack":"s1","digest":null,"file":"c.yaml","hash":"h2","id":"é"}

                """)
    }

    /// The journal is written whole again once it holds more than twice the lines its facts
    /// need, and 64 more: it grows with what changes, never without bound, and is not rewritten
    /// more often than that.
    @Test func theJournalIsWrittenWholeOnceItHoldsTwiceWhatItSays() throws {
        var ledger = try SyncLedger(
            data: Self.journal(#"{"backend":"s1","address":"x"}"#), location: "ledger.json")
        // Two facts (the backend, one file): whole past 2 × 2 + 64 = 68 lines. The journal holds
        // 2 (the header, the backend) and each acknowledgement adds one; written whole, 3.
        var wholeAt: [Int] = []
        for round in 1...140 {
            ledger.acknowledge(
                "a.yaml",
                SyncLedger.Entry(contentHash: "h\(round)", respondentID: "r1", digest: "d"),
                by: "s1")
            if let changes = ledger.takeChanges(), changes.whole { wholeAt.append(round) }
        }
        #expect(wholeAt == [67, 133])
    }

    /// Withdrawals count as lines too: a file sent and withdrawn again and again (a store that
    /// keeps losing it) gets the journal written whole as often, not growing without bound.
    @Test func withdrawalsCountTowardsWritingTheJournalWhole() throws {
        var ledger = try SyncLedger(
            data: Self.journal(#"{"backend":"s1","address":"x"}"#), location: "ledger.json")
        // One fact left after each round (the backend): whole past 2 × 1 + 64 = 66 lines; the
        // journal holds 2 and each round adds an acknowledgement and a withdrawal.
        var wholeAt: [Int] = []
        for round in 1...40 {
            ledger.acknowledge(
                "a.yaml", SyncLedger.Entry(contentHash: "h", respondentID: "r1", digest: "d"),
                by: "s1")
            ledger.withdraw("a.yaml", by: "s1")
            if let changes = ledger.takeChanges(), changes.whole { wholeAt.append(round) }
        }
        #expect(wholeAt == [33])
    }

    /// Every change is journalled: read back, the ledger says what it said when saved.
    @Test func aNewBackendAndAWithdrawalAreJournalled() throws {
        let saved = Self.journal(#"{"backend":"s1","address":"x"}"#)
        var ledger = try SyncLedger(data: saved, location: "ledger.json")
        ledger.acknowledge(
            "a.yaml", SyncLedger.Entry(contentHash: "h", respondentID: "r1", digest: "d"),
            by: "s1")
        ledger.acknowledge(
            "b.yaml", SyncLedger.Entry(contentHash: "h", respondentID: "r2", digest: "d"),
            by: "s1")
        ledger.addBackend("s2", address: "http://10.0.0.5:8080/")
        ledger.withdraw("a.yaml", by: "s1")
        ledger.withdraw("missing.yaml", by: "s1")
        let taken = ledger.takeChanges()
        let changes = try #require(taken)
        #expect(!changes.whole)

        let read = try SyncLedger(data: saved + changes.data, location: "ledger.json")

        #expect(read.backends == ledger.backends)
        #expect(read.backends["s2"]?.address == "http://10.0.0.5:8080/")
        #expect(read.backends["s1"]?.files.keys.sorted() == ["b.yaml"])
        // Two acknowledgements, the backend, one withdrawal: nothing for a file never there.
        #expect(changes.data.filter { $0 == 0x0A }.count == 4)
    }

    /// A file acknowledged under a new id lets go of its old one, as it was and as read back.
    @Test func aFileThatChangedItsIdLetsGoOfTheOldOne() throws {
        let saved = Self.journal(#"{"backend":"s1","address":"x"}"#)
        var ledger = try SyncLedger(data: saved, location: "ledger.json")
        ledger.acknowledge(
            "a.yaml", SyncLedger.Entry(contentHash: "h1", respondentID: "old", digest: "d"),
            by: "s1")
        ledger.acknowledge(
            "a.yaml", SyncLedger.Entry(contentHash: "h2", respondentID: "new", digest: "d"),
            by: "s1")
        #expect(ledger.file(otherThan: "b.yaml", using: "old") == nil)
        #expect(ledger.file(otherThan: "b.yaml", using: "new") == "a.yaml")
        let taken = ledger.takeChanges()
        let changes = try #require(taken)

        let read = try SyncLedger(data: saved + changes.data, location: "ledger.json")

        #expect(read.file(otherThan: "b.yaml", using: "old") == nil)
        #expect(read.file(otherThan: "b.yaml", using: "new") == "a.yaml")
    }

    @Test func aBackendWithItsAddressIsRead() throws {
        _ = try SyncLedger(
            data: Self.journal(#"{"backend":"s1","address":"http://127.0.0.1:8080/"}"#),
            location: "ledger.json")
    }
}
