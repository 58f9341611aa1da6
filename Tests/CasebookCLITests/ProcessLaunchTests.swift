import CasebookTestSupport
import Foundation
import Testing

/// Every process the tests start goes through `ProcessLaunch`. Foundation's `Process.run()` on
/// Linux crashes the whole test run when the test process holds too many descriptors; the
/// launch is refused before that, naming the count, instead.
@Suite("Starting a process from a test")
struct ProcessLaunchTests {
    @Test func aLaunchWithMoreDescriptorsOpenThanTheLimitIsRefusedAndNothingStarts() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        #if os(Linux)
            let error = #expect(throws: ProcessLaunch.TooManyDescriptorsError.self) {
                try ProcessLaunch.run(process, descriptorLimit: 3)
            }
            #expect(error?.limit == 3)
            #expect((error?.open ?? 0) > 3)
            #expect(error?.description.contains("descriptors") == true)
            #expect(process.processIdentifier == 0)
        #endif
    }

    @Test func aLaunchWithinTheLimitRuns() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 7"]
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        #expect(process.terminationStatus == 7)
    }

    @Test func aProcessRunToItsExitGivesItsStatusAndHasEnded() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 9"]
        try ProcessLaunch.runToExit(process)
        #expect(process.terminationStatus == 9)
        #expect(!process.isRunning)
    }

    @Test func aProcessEndedByASignalIsSeenEnded() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "kill -KILL $$"]
        try ProcessLaunch.runToExit(process)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)
    }

    /// More than a pipe's buffer holds (64 KiB): read before the wait, or the process would
    /// never end.
    @Test func aProcessRunToItsExitGivesAllItWroteToItsPipe() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c 200000 /dev/zero | tr '\\0' x; exit 3"]
        let output = Pipe()
        process.standardOutput = output
        let text = try ProcessLaunch.runToExit(process, readingTextFrom: output)
        #expect(text == String(repeating: "x", count: 200_000))
        #expect(process.terminationStatus == 3)
    }

    @Test func waitingAgainForAProcessThatEndedReturnsAtOnce() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 4"]
        try ProcessLaunch.runToExit(process)
        ProcessLaunch.waitForExit(process)
        #expect(process.terminationStatus == 4)
    }

    @Test func aRefusedLaunchRunToItsExitThrowsAndNothingStarts() throws {
        #if os(Linux)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/true")
            #expect(throws: ProcessLaunch.TooManyDescriptorsError.self) {
                try ProcessLaunch.runToExit(process, descriptorLimit: 3)
            }
            #expect(process.processIdentifier == 0)
        #endif
    }

    /// Foundation lists `/proc/self/fd` into a 32 KiB buffer and copies 256 bytes from each
    /// entry: at the limit, the copy from the last entry stays inside the buffer.
    @Test func atTheLimitFoundationsListingStaysInsideItsBuffer() {
        #expect(ProcessLaunch.listingBytesRead(open: ProcessLaunch.descriptorLimit) <= 32 * 1024)
        #expect(ProcessLaunch.listingBytesRead(open: 1_360) > 32 * 1024)
    }

    @Test func theDescriptorsThisProcessHoldsAreCounted() throws {
        #if os(Linux)
            let held = (0..<200).map { _ in open("/dev/null", O_RDONLY) }
            defer { for descriptor in held { close(descriptor) } }
            #expect(held.allSatisfy { $0 >= 0 })
            #expect(ProcessLaunch.openDescriptorCount() >= 203)
        #endif
    }
}
