import CasebookJSON
import Foundation

/// Checks a respondent's answers against its form, as ODK Collect would have before it let the
/// form be sent: each answer of the type its field says (a whole number, a number, a date, one of
/// the list's choices, a position), each required field that is relevant answered, each
/// constraint met (`. >= 0 and . <= 120`). Fields the form does not have are not its business.
/// A rule this checker cannot work out (a path, a function it does not know) is left unchecked,
/// never guessed: `uncheckedRules` names each.
public struct RespondentFormCheck: Sendable {
    public let form: SurveyForm
    private let expressions: [String: Result<FormExpression, FormExpression.SyntaxError>]
    /// Each field's path, by name, for `${name}`.
    private let paths: [String: [String]]

    /// The most problems one respondent is said to have.
    public static let mostProblems = 100

    public init(form: SurveyForm) {
        self.form = form
        var expressions: [String: Result<FormExpression, FormExpression.SyntaxError>] = [:]
        var paths: [String: [String]] = [:]
        for (path, field) in form.questions() {
            if paths[field.name] == nil { paths[field.name] = path }
            for text in [field.relevant, field.required, field.constraint].compactMap({ $0 }) {
                expressions[text] = Result { () throws(FormExpression.SyntaxError) in
                    try FormExpression(text)
                }
            }
        }
        self.expressions = expressions
        self.paths = paths
    }

    /// The rules no respondent is checked against, and why: each field, which rule, the reason.
    public func uncheckedRules() -> [(field: String, rule: String, reason: String)] {
        var unchecked: [(field: String, rule: String, reason: String)] = []
        for (path, field) in form.questions() {
            for (rule, text) in [
                ("relevant", field.relevant), ("required", field.required),
                ("constraint", field.constraint),
            ] {
                guard let text, let parsed = expressions[text] else { continue }
                switch parsed {
                case .failure(let error):
                    unchecked.append(
                        (path.joined(separator: "/"), rule, "it cannot be read: \(error)"))
                case .success(let expression):
                    let evaluator = FormExpressionEvaluator(current: "", today: 0) { _ in "" }
                    do {
                        _ = try evaluator.evaluate(expression)
                    } catch {
                        unchecked.append((path.joined(separator: "/"), rule, error.description))
                    }
                }
            }
        }
        return unchecked
    }

    /// The ways the respondent whose fields are `fields` breaks the form, in the form's order;
    /// none when it keeps every rule. `today` is the day `today()` gives.
    public func problems(in fields: [String: JSONValue], today: Date = Date())
        -> [RespondentFormProblem]
    {
        var walk = Walk(
            check: self, root: fields,
            today: (today.timeIntervalSince1970 / 86_400).rounded(.down))
        walk.check(form.fields, in: fields, prefix: [], relevant: true)
        return walk.problems
    }

    fileprivate func expression(_ text: String) -> FormExpression? {
        try? expressions[text]?.get()
    }

    fileprivate func path(of name: String) -> [String]? { paths[name] }
}

/// One respondent's check: where it is in the form, and what it found.
private struct Walk {
    let check: RespondentFormCheck
    let root: [String: JSONValue]
    let today: Double
    var problems: [RespondentFormProblem] = []
    /// The repeats the walk is inside, by their path, with the number of the answer set at hand.
    var instances: [[String]: Int] = [:]

    mutating func check(
        _ fields: [SurveyFormField], in values: [String: JSONValue], prefix: [String],
        relevant parentRelevant: Bool
    ) {
        for field in fields {
            guard problems.count < RespondentFormCheck.mostProblems else { return }
            let path = prefix + [field.name]
            let value = values[field.name]
            let relevant = parentRelevant && (truth(field.relevant, current: "") ?? true)
            switch field.type {
            case "group":
                guard let inner = container(value, path: path, kind: "group") else { continue }
                check(field.children, in: inner, prefix: path, relevant: relevant)
            case "loop":
                guard let inner = container(value, path: path, kind: "loop") else { continue }
                for choice in check.form.choices[field.list ?? ""] ?? [] {
                    let answers = container(
                        inner[choice.name], path: path + [choice.name], kind: "loop")
                    check(
                        field.children, in: answers ?? [:], prefix: path + [choice.name],
                        relevant: relevant)
                }
            case "repeat":
                guard let value, value != .null else { continue }
                guard case .array(let sets) = value else {
                    add(path, value, rule: "repeat", "is not a list of answer sets")
                    continue
                }
                for (index, set) in sets.enumerated() {
                    let setPath = path + [String(index + 1)]
                    guard case .object(let answers) = set else {
                        add(setPath, set, rule: "repeat", "is not a set of answers")
                        continue
                    }
                    instances[path] = index
                    check(field.children, in: answers, prefix: setPath, relevant: relevant)
                }
                instances[path] = nil
            default:
                answer(field, value, path: path, relevant: relevant)
            }
        }
    }

    /// A group's or loop's answers: a map, or none.
    private mutating func container(_ value: JSONValue?, path: [String], kind: String)
        -> [String: JSONValue]?
    {
        switch value {
        case nil, .null?: return [:]
        case .object(let inner)?: return inner
        case let other?:
            add(path, other, rule: kind, "is not a set of answers (a \(kind)'s answers are a map)")
            return nil
        }
    }

    /// The types whose answers are not the respondent's to give: nothing to check.
    static let unchecked: Set<String> = [
        "note", "calculate", "hidden", "start", "end", "today", "deviceid", "phonenumber",
        "username", "email", "simserial", "subscriberid", "audit", "background-audio",
        "background-geopoint", "start-geopoint", "xml-external", "csv-external", "acknowledge",
    ]

    private mutating func answer(
        _ field: SurveyFormField, _ value: JSONValue?, path: [String], relevant: Bool
    ) {
        guard !Self.unchecked.contains(field.type) else { return }
        let text = Self.text(of: value)
        guard let text, !text.isEmpty else {
            if relevant, let required = field.required, truth(required, current: "") == true {
                let message = Self.message(field.requiredMessages)
                problems.append(
                    RespondentFormProblem(
                        field: path.joined(separator: "/"), value: nil, rule: "required",
                        message: "\(path.joined(separator: "/")) is required and has no answer"
                            + (message.map { ": \($0)" } ?? "")))
            } else if text == nil, let value {
                add(path, value, rule: field.type, "is not a single answer")
            }
            return
        }
        if let (rule, reason) = typeProblem(field, value!, text: text) {
            add(path, value!, rule: rule, reason)
            return
        }
        guard let constraint = field.constraint else { return }
        if truth(constraint, current: text) == false {
            let message = Self.message(field.constraintMessages)
            add(
                path, value!, rule: "constraint \(constraint)",
                "breaks the rule \(constraint)" + (message.map { ": \($0)" } ?? ""))
        }
    }

    private mutating func add(_ path: [String], _ value: JSONValue, rule: String, _ reason: String)
    {
        let field = path.joined(separator: "/")
        let shown = Self.shown(value)
        problems.append(
            RespondentFormProblem(
                field: field, value: shown, rule: rule,
                message: "\(field): \(Self.quoted(shown)) \(reason)"))
    }

    /// What is wrong with the answer's type, if anything: the rule and the reason.
    private func typeProblem(_ field: SurveyFormField, _ value: JSONValue, text: String)
        -> (String, String)?
    {
        switch field.type {
        case "integer":
            switch value {
            case .integer: return nil
            case .double(let number) where number == number.rounded(): return nil
            case .string(let string) where Self.isWholeNumber(string.trimmingWhitespace): return nil
            default: return ("integer", "is not a whole number")
            }
        case "decimal", "range":
            switch value {
            case .integer, .double: return nil
            case .string where !FormExpressionEvaluator.number(.string(text)).isNaN: return nil
            default: return (field.type, "is not a number")
            }
        case "date":
            // A plain `2026-11-30` in a respondent's YAML is typed as that day's midnight.
            guard case .string(let string) = value,
                let day = ReceivedDay(String(string.trimmingWhitespace.prefix(10))),
                [day.text, day.text + "T00:00:00Z"].contains(string.trimmingWhitespace)
            else { return ("date", "is not a date (YYYY-MM-DD)") }
            return nil
        case "datetime":
            guard case .string(let string) = value,
                !FormExpressionEvaluator.days(.string(string)).isNaN
            else { return ("datetime", "is not a date and time (YYYY-MM-DDTHH:MM:SS)") }
            return nil
        case "select_one":
            guard Self.isScalar(value) else { return ("select_one", "is not one choice") }
            return choiceProblem(field, [text.trimmingWhitespace])
        case "select_multiple", "rank":
            return choiceProblem(field, FormExpressionEvaluator.choices(text))
        case "geopoint":
            return Self.isPosition(value)
                ? nil : ("geopoint", "is not a position (latitude longitude)")
        case "geotrace", "geoshape":
            guard case .string(let string) = value else {
                return (field.type, "is not a list of positions")
            }
            let points = string.split(separator: ";")
            return points.allSatisfy({ Self.isPosition(.string(String($0))) })
                ? nil : (field.type, "is not a list of positions (lat lon; lat lon…)")
        default:
            return Self.isScalar(value) ? nil : (field.type, "is not a single answer")
        }
    }

    private func choiceProblem(_ field: SurveyFormField, _ chosen: [String]) -> (String, String)? {
        guard let list = field.list, let choices = check.form.choices[list] else { return nil }
        let names = Set(choices.map(\.name))
        guard let wrong = chosen.first(where: { !names.contains($0) }) else { return nil }
        let offered = choices.prefix(6).map(\.name).joined(separator: ", ")
        let choicesText =
            "one of the choices of \(list) (\(offered)\(choices.count > 6 ? ", …" : ""))"
        return (
            "choices of \(list)",
            chosen.count > 1 ? "has \(wrong), which is not \(choicesText)" : "is not \(choicesText)"
        )
    }

    /// The expression's truth with `.` as `current`; nil when it cannot be worked out here.
    private func truth(_ text: String?, current: String) -> Bool? {
        guard let text, let expression = check.expression(text) else { return nil }
        let root = root
        let instances = instances
        let check = check
        let evaluator = FormExpressionEvaluator(current: current, today: today) { name in
            guard let path = check.path(of: name) else { return "" }
            return Self.text(of: Self.value(at: path, in: root, instances: instances)) ?? ""
        }
        return try? evaluator.isTrue(expression)
    }

    /// The answer at `path`, the repeats the walk is inside taken at their answer set at hand.
    static func value(at path: [String], in root: [String: JSONValue], instances: [[String]: Int])
        -> JSONValue?
    {
        var current: JSONValue = .object(root)
        for (depth, key) in path.enumerated() {
            if case .array(let sets) = current {
                guard let index = instances[Array(path[..<depth])], sets.indices.contains(index)
                else { return nil }
                current = sets[index]
            }
            guard case .object(let map) = current, let next = map[key] else { return nil }
            current = next
        }
        return current
    }

    /// An answer as the form's rules read it: text; a list of choices as their words; nil for
    /// a map or a list of anything but plain values.
    static func text(of value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .integer(let number)?: return String(number)
        case .double(let number)?: return FormExpressionEvaluator.string(.number(number))
        case .bool(let truth)?: return truth ? "true" : "false"
        case .array(let items)?:
            var words: [String] = []
            for item in items {
                guard isScalar(item), let word = text(of: item) else { return nil }
                words.append(word)
            }
            return words.joined(separator: " ")
        case .object?: return nil
        }
    }

    static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .string, .integer, .double, .bool: true
        default: false
        }
    }

    static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether the answer is a position: `lat lon [altitude [accuracy]]`, a list of those
    /// numbers, or a map with `lat`/`latitude` and `lon`/`lng`/`longitude`, on the globe.
    static func isPosition(_ value: JSONValue) -> Bool { position(of: value) != nil }

    /// The latitude and longitude a `geopoint` answer gives (`"-1.28 36.82 1700 5"`, a list of
    /// 2 to 4 numbers, or a map of `lat` and `lon`); nil for anything else, or a place off the
    /// globe.
    static func position(of value: JSONValue) -> (latitude: Double, longitude: Double)? {
        var numbers: [Double] = []
        switch value {
        case .string(let text):
            numbers = text.split(whereSeparator: \.isWhitespace).map {
                FormExpressionEvaluator.number(.string(String($0)))
            }
        case .array(let items):
            numbers = items.map { FormExpressionEvaluator.number(.string(text(of: $0) ?? "")) }
        case .object(let map):
            let latitude = map["lat"] ?? map["latitude"]
            let longitude = map["lon"] ?? map["lng"] ?? map["longitude"]
            numbers = [latitude, longitude].map {
                FormExpressionEvaluator.number(.string(text(of: $0) ?? ""))
            }
        default: return nil
        }
        guard (2...4).contains(numbers.count), !numbers.contains(where: \.isNaN),
            abs(numbers[0]) <= 90, abs(numbers[1]) <= 180
        else { return nil }
        return (numbers[0], numbers[1])
    }

    /// A form's message in its one language, or its default language's.
    static func message(_ messages: [String: String]) -> String? {
        messages["default"] ?? messages.sorted(by: { $0.key < $1.key }).first?.value
    }

    /// The answer as a problem shows it: text as it is, anything else as JSON, cut at 80.
    static func shown(_ value: JSONValue) -> String {
        let text: String
        if case .string(let string) = value {
            text = string
        } else {
            text = JSONWriter.string(value)
        }
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    static func quoted(_ text: String) -> String { "'\(text)'" }
}

extension RespondentFormCheck {
    /// The latitude and longitude a `geopoint` answer gives (`"-1.28 36.82 1700 5"`, a list of
    /// 2 to 4 numbers, or a map of `lat` and `lon`), as the check reads one; nil for anything
    /// else, or a place off the globe.
    public static func position(of value: JSONValue) -> (latitude: Double, longitude: Double)? {
        Walk.position(of: value)
    }
}
