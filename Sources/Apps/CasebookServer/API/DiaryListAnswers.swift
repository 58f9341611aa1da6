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
        let cursor: String?
        let asked: DiaryAsked
        let revision: Int
    }

    /// A page as the API gives it: its body, and the cursor of the page after it.
    struct Answer {
        let body: ByteBuffer
        let next: String?
    }

    private let lock = NSLock()
    private var answers: [String: (question: Question, answer: Answer)] = [:]

    /// The answer kept for `question` to the diary `key`, if the diary has not changed since.
    func answer(for question: Question, of key: String) -> Answer? {
        lock.withLock { answers[key] }.flatMap { $0.question == question ? $0.answer : nil }
    }

    /// Keeps `answer` as the one to `question`; the entries in it must have been read after
    /// the question's revision was.
    func keep(_ answer: Answer, for question: Question, of key: String) {
        lock.withLock { answers[key] = (question, answer) }
    }
}
