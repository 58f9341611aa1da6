import Foundation

/// Walks a Mustache template as the renderer would with a context, and says which names it
/// uses that the context does not give: a variable that resolves nowhere, and every section
/// name it meets (whether the context gives it or not, for the caller to check across renders).
struct TemplateNames {
    let templates: [String: String]

    private enum Token {
        case variable(String)
        case section(String, inverted: Bool)
        case end(String)
        case partial(String)
    }

    /// What rendering `template` with `context` found.
    struct Findings {
        var missingVariables: Set<String> = []
        var sectionsGiven: Set<String> = []
        var sectionsUsed: Set<String> = []
    }

    func check(_ template: String, context: [String: Any]) -> Findings {
        var findings = Findings()
        walk(tokens(of: templates[template] ?? ""), stack: [context], into: &findings)
        return findings
    }

    private func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let triple = rest.hasPrefix("{")
            guard let close = rest.range(of: triple ? "}}}" : "}}") else { break }
            var tag = rest[..<close.lowerBound]
            rest = rest[close.upperBound...]
            if triple { tag = tag.dropFirst() }
            let sigil = tag.first
            let name = String(tag.dropFirst().trimmingCharacters(in: .whitespaces))
            switch sigil {
            case "#": tokens.append(.section(name, inverted: false))
            case "^": tokens.append(.section(name, inverted: true))
            case "/": tokens.append(.end(name))
            case ">": tokens.append(.partial(name))
            case "!": continue
            case "&": tokens.append(.variable(name))
            default: tokens.append(.variable(String(tag.trimmingCharacters(in: .whitespaces))))
            }
        }
        return tokens
    }

    private func walk(_ tokens: [Token], stack: [Any], into findings: inout Findings) {
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case .variable(let name):
                if resolve(name, in: stack) == nil { findings.missingVariables.insert(name) }
            case .partial(let name):
                walk(self.tokens(of: templates[name] ?? ""), stack: stack, into: &findings)
            case .end:
                break
            case .section(let name, let inverted):
                let end = matchingEnd(tokens, from: index, name: name)
                let inner = Array(tokens[(index + 1)..<end])
                findings.sectionsUsed.insert(name)
                let value = resolve(name, in: stack)
                if value != nil { findings.sectionsGiven.insert(name) }
                let isFalsy = value.map(Self.isFalsy) ?? true
                if inverted {
                    if isFalsy { walk(inner, stack: stack, into: &findings) }
                } else if !isFalsy {
                    if let items = value as? [Any] {
                        for item in items { walk(inner, stack: stack + [item], into: &findings) }
                    } else if let object = value as? [String: Any] {
                        walk(inner, stack: stack + [object], into: &findings)
                    } else {
                        walk(inner, stack: stack, into: &findings)
                    }
                }
                index = end
            }
            index += 1
        }
    }

    private func matchingEnd(_ tokens: [Token], from start: Int, name: String) -> Int {
        var depth = 0
        for index in (start + 1)..<tokens.count {
            switch tokens[index] {
            case .section(let inner, _) where inner == name: depth += 1
            case .end(let inner) where inner == name:
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
        }
        return tokens.count
    }

    private func resolve(_ name: String, in stack: [Any]) -> Any? {
        for scope in stack.reversed() {
            if let object = scope as? [String: Any], let value = object[name] { return value }
        }
        return nil
    }

    private static func isFalsy(_ value: Any) -> Bool {
        if let flag = value as? Bool { return !flag }
        if let items = value as? [Any] { return items.isEmpty }
        return false
    }
}
