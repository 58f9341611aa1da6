import Foundation
import SurveySyncCore
import Testing

/// The rules of a form as XLSForm writes them (XPath 1.0's part that forms use), parsed and
/// worked out with `.` an answer and `${name}` another field's: each line of the table an
/// expression, the answer, and what it works out to, as ODK Collect would.
@Suite("A form's rules")
struct FormExpressionTests {
    /// 2026-12-03, as days since 1970.
    static let today = Double(20_790)
    static let fields: [String: String] = [
        "age": "42", "crops": "maize beans", "consent": "yes", "name": "Zoë", "empty": "",
        "born": "1984-05-06", "phone": "0761780050",
    ]

    static let table: [(String, String, Bool)] = [
        (". >= 0 and . <= 120", "42", true),
        (". >= 0 and . <= 120", "121", false),
        (". >= 0 and . <= 120", "forty", false),
        (". > 17 or ${consent} = 'yes'", "3", true),
        ("not(. = 'no')", "no", false),
        (". != ''", "", false),
        ("${age} + 8 = 50", "", true),
        ("${age} * 2 - 4 div 2 = 82", "", true),
        ("${age} mod 5 = 2", "", true),
        ("-${age} < 0", "", true),
        ("selected(${crops}, 'beans')", "", true),
        ("selected(${crops}, 'rice')", "", false),
        ("count-selected(${crops}) = 2", "", true),
        ("not(selected(., 'none') and count-selected(.) > 1)", "none maize", false),
        ("string-length(.) = 10", "0761780050", true),
        ("string-length(${name}) = 3", "", true),
        ("regex(., '^0[0-9]{9}$')", "0761780050", true),
        ("regex(., '^0[0-9]{9}$')", "761780050", false),
        (". <= today()", "2026-12-03", true),
        (". <= today()", "2026-12-04", false),
        ("${born} < today()", "", true),
        ("date(.) > date('2026-01-01')", "2026-06-30", true),
        ("if(${age} > 18, 'adult', 'child') = 'adult'", "", true),
        ("contains(${name}, 'ë')", "", true),
        ("starts-with(., 'ab') and ends-with(., 'yz')", "abxyz", true),
        ("concat(${consent}, '-', ${age}) = 'yes-42'", "", true),
        ("int(. div 10) = 4", "42", true),
        ("round(. , 1) = 3.1", "3.14159", true),
        ("number(.) = 0.5", ".5", true),
        ("${empty} = ''", "", true),
        ("boolean(${empty})", "", false),
        ("true() and not(false())", "", true),
        ("(. = 1 or . = 2) and . != 2", "1", true),
        ("'a' < 'b'", "", false),
        ("coalesce(${empty}, 'x') = 'x'", "", true),
        ("substr(., 0, 3) = '076'", "0761780050", true),
    ]

    @Test(arguments: table)
    func worksOutAsODKCollectWould(expression: String, answer: String, expected: Bool) throws {
        let parsed = try FormExpression(expression)
        let fields = Self.fields
        let evaluator = FormExpressionEvaluator(current: answer, today: Self.today) {
            fields[$0] ?? ""
        }
        #expect(try evaluator.isTrue(parsed) == expected, "\(expression) with . = '\(answer)'")
    }

    @Test(arguments: [
        ("instance('villages')/root/item[name = ${village}]/label != ''", "the path"),
        ("pulldata('prices', 'price', 'item', ${name}) > 0", "pulldata() is not checked here"),
        ("../age > 3", "the path ../age"),
    ])
    func whatItCannotWorkOutItSaysSoRatherThanGuess(expression: String, words: String) throws {
        let parsed = try FormExpression(expression)
        let evaluator = FormExpressionEvaluator(current: "", today: Self.today) { _ in "" }
        #expect {
            try evaluator.isTrue(parsed)
        } throws: { "\($0)".contains(words) }
    }

    @Test(arguments: [
        (". >= ", "it ends where a value is needed"),
        ("(. > 3", "a ) is missing"),
        ("'unclosed", "a text is never closed"),
        (". > 3 )", ") was not expected"),
        ("$age > 3", "a $ is not the start of ${name}"),
        ("# > 3", "the character # was not expected"),
        (
            String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100),
            "nests more than 64 deep"
        ),
    ])
    func aTextThatIsNoExpressionIsRefusedSayingWhere(text: String, words: String) {
        #expect {
            try FormExpression(text)
        } throws: { "\($0)".contains(words) }
    }

    @Test func andAndOrBindAsXPathSays() throws {
        #expect(
            try FormExpression("1 = 1 or 1 = 2 and 1 = 3")
                == .binary(
                    "or", .binary("=", .number(1), .number(1)),
                    .binary(
                        "and", .binary("=", .number(1), .number(2)),
                        .binary("=", .number(1), .number(3)))))
        // `and` and `div` are names where an operand is due.
        #expect(try FormExpression("${and} div 2") == .binary("div", .field("and"), .number(2)))
    }
}
