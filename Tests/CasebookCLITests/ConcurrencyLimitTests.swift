import CasebookTestSupport
import Testing

/// The limit on how many commands the tests run at once: never more than its width inside,
/// every body run once, and a place handed on when a body throws.
@Suite("Running at most so many at once")
struct ConcurrencyLimitTests {
    /// Counts the bodies inside and the most there ever were.
    actor Occupancy {
        private(set) var inside = 0
        private(set) var most = 0
        private(set) var finished = 0

        func enter() {
            inside += 1
            most = max(most, inside)
        }

        func leave() {
            inside -= 1
            finished += 1
        }
    }

    @Test(arguments: [1, 3])
    func neverMoreThanItsWidthRunAndEveryBodyRuns(width: Int) async throws {
        let limit = ConcurrencyLimit(width: width)
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await limit.run {
                        await occupancy.enter()
                        for _ in 0..<5 { await Task.yield() }
                        await occupancy.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await occupancy.most <= width)
        #expect(await occupancy.finished == 40)
        #expect(await occupancy.inside == 0)
    }

    struct Refusal: Error {}

    @Test func aBodyThatThrowsGivesUpItsPlace() async throws {
        let limit = ConcurrencyLimit(width: 1)
        await #expect(throws: Refusal.self) { try await limit.run { throw Refusal() } }
        #expect(try await limit.run { 7 } == 7)
    }
}
