import CasebookJSON
import CasebookWire
import DiaryCore
import Foundation
import Testing

/// One entry has one wire shape, `DiaryEntryWire`: the streamed list and the import's reader
/// are written by hand for speed, so each is held here to the wire type's members, one by one.
/// A member added to the wire type and not to them fails here.
@Suite("One wire shape for a diary entry")
struct DiaryEntryWireShapeTests {
    /// Every member of the wire type, as it encodes an entry with every optional member set.
    static var members: Set<String> {
        get throws {
            let wire = DiaryEntryWire(id: "", date: "", text: "", starred: true)
            return Set(try JSONParser.parse(WireJSON.encode(wire)).objectMembers.keys)
        }
    }

    @Test func theStreamWritesEveryMemberOfTheWireType() throws {
        let entry = Entry(date: Date(timeIntervalSince1970: 1_000), text: "every member")
        var stream = DiaryEntriesJSONStream(indented: false)
        var output: [UInt8] = []
        stream.start(to: &output)
        stream.write(entry, starred: true, to: &output)
        stream.finish(to: &output)
        guard case .array(let entries)? = try JSONParser.parse(output)["entries"],
            case .object(let written)? = entries.first
        else {
            Issue.record("no entry")
            return
        }
        #expect(Set(written.keys) == (try Self.members))
        let wire = DiaryEntryWire(entry, starred: true)
        #expect(written == (try JSONParser.parse(WireJSON.encode(wire))).objectMembers)
    }

    @Test func theImportReadsEveryMemberOfTheWireType() throws {
        #expect(DiaryImportRequest.entryMembers == (try Self.members))
        let entry = Entry(date: Date(timeIntervalSince1970: 1_000), text: "every member")
        struct Body: Encodable { let entries: [DiaryEntryWire] }
        let body = WireJSON.encode(Body(entries: [DiaryEntryWire(entry, starred: true)]))
        let read = try DiaryImportRequest.read(body)
        #expect(read.entries == [entry])
        #expect(read.starred == [entry.id])
    }
}

extension JSONValue {
    /// The members of an object; empty for anything else.
    fileprivate var objectMembers: [String: JSONValue] {
        if case .object(let members) = self { return members }
        return [:]
    }
}
