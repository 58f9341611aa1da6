import SurveySyncCore
import Testing

@Suite("Respondent tallies")
struct RespondentTalliesTests {
    @Test func changesThatCancelOutAreNoChange() {
        var tallies = RespondentTallies()
        let phone = RespondentSender(user: "sara", device: "phone")
        tallies.add(.received, from: phone)
        tallies.add(.received, from: .unknown)
        tallies.remove(.received, from: phone)
        tallies.remove(.approved, from: phone)
        #expect(tallies.deltas.map(\.key.state) == [.approved, .received])
        #expect(tallies.deltas.map(\.delta) == [-1, 1])
        #expect(tallies.deltas.last?.key.sender == .unknown)
    }
}
