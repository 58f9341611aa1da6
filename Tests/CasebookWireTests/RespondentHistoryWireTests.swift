import CasebookWire
import Foundation
import SurveySyncCore
import Testing

@Suite("A respondent's history on the wire")
struct RespondentHistoryWireTests {
    /// A long history gives its latest thousand events, and says how many it leaves out.
    @Test func givesTheLatestThousandEventsAndCountsTheRest() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let events = (0..<1_005).map {
            RespondentEvent(
                kind: $0 == 0 ? .received : .reviewed, state: .approved,
                at: start.addingTimeInterval(Double($0)), sender: .unknown, comment: "\($0)")
        }
        let status = RespondentStatus(state: .approved, sender: .unknown, receivedAt: start)
        let wire = RespondentHistoryWire(id: "r1", status: status, history: events)
        #expect(wire.history.count == 1_000)
        #expect(wire.history.first?.comment == "5")
        #expect(wire.earlierEvents == 5)
        let short = RespondentHistoryWire(
            id: "r1", status: status, history: Array(events.prefix(3)))
        #expect(short.earlierEvents == nil)
        #expect(short.history.count == 3)
    }
}
