import ArgumentParser

/// Runs a command's work, turning any failure into one line on standard error —
/// `casebook <command>: <what went wrong>` — and exit status 1. Never a stack trace.
enum FailureReport {
    static func run(_ command: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            StandardStreams.error("casebook \(command): \(error)")
            throw ExitCode.failure
        }
    }

    static func run(_ command: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            StandardStreams.error("casebook \(command): \(error)")
            throw ExitCode.failure
        }
    }

    /// A failure whose message is all there is to say.
    struct Message: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) { self.description = description }
    }
}
