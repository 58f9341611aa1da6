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
    ])
    func aLineThatIsNotARecordMakesTheLedgerUnreadable(line: String) {
        #expect {
            try SyncLedger(data: Self.journal(line), location: "ledger.json")
        } throws: { error in
            "\(error)".contains("ledger.json") && "\(error)".contains("not a sync ledger")
        }
    }

    @Test func aBackendWithItsAddressIsRead() throws {
        _ = try SyncLedger(
            data: Self.journal(#"{"backend":"s1","address":"http://127.0.0.1:8080/"}"#),
            location: "ledger.json")
    }
}
