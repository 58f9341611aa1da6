import Foundation

/// Tells the time: new entries are dated by it.
public protocol DiaryClock {
    var now: Date { get }
}

/// The system clock.
public struct SystemClock: DiaryClock {
    public init() {}

    public var now: Date { Date() }
}
