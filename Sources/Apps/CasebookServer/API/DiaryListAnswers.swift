import Foundation
import NIOCore

/// The last list of entries the API gave for each diary, encoded, kept until the diary's
/// revision changes: a client polling the same page is answered without reading or encoding
/// the entries again. One answer per diary, so a client asking for many pages keeps no more.
final class DiaryListAnswers: @unchecked Sendable {
    /// What was asked of a diary, and at which revision.
    struct Question: Equatable {
        let limit: Int
        let offset: Int
        let revision: Int
    }

    private struct Answer {
        let question: Question
        let body: ByteBuffer
    }

    private let lock = NSLock()
    private var answers: [String: Answer] = [:]

    /// The body kept for `question` to the diary `key`, if the diary has not changed since.
    func body(for question: Question, of key: String) -> ByteBuffer? {
        lock.withLock { answers[key] }.flatMap { $0.question == question ? $0.body : nil }
    }

    /// Keeps `body` as the answer to `question`; the entries in it must have been read after
    /// the question's revision was.
    func keep(_ body: ByteBuffer, for question: Question, of key: String) {
        lock.withLock { answers[key] = Answer(question: question, body: body) }
    }
}
