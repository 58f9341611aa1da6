import Diary
import Foundation

/// A clock stopped at a chosen instant.
struct ClockStub: DiaryClock {
    var now: Date
}
