import CasebookJSON
import SurveySyncCore
import Testing

/// A column's name reads back as the path it was made from: a field named `a/b` and the field
/// `b` of a map `a` are two columns, and a filter on either finds its own.
@Suite("Naming a column")
struct RespondentColumnNameTests {
    @Test(arguments: [
        ["a"], ["a", "b"], ["a/b"], ["a\\"], ["a\\", "b"], ["", "x"], ["x", ""], ["\\/", "/\\"],
        ["household", "head", "age"],
    ])
    func aNameReadsBackAsItsPath(path: [String]) {
        var name: String?
        for key in path { name = RespondentColumnName.name(key, in: name) }
        #expect(RespondentColumnName.path(of: name!) == path)
    }

    @Test func fieldsWhoseJoinedNamesWouldBeOneAreTwoColumns() {
        let fields: [String: JSONValue] = [
            "a/b": .string("slash"), "a": .object(["b": .string("nested")]),
        ]
        #expect(RespondentExport.cells(of: fields) == ["a\\/b": "slash", "a/b": "nested"])
        #expect(RespondentFieldValue(column: "a\\/b", value: "slash").matches(fields))
        #expect(RespondentFieldValue(column: "a/b", value: "nested").matches(fields))
        #expect(!RespondentFieldValue(column: "a/b", value: "slash").matches(fields))
    }
}
