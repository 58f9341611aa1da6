/// The respondents of an export (`RespondentExport`, its filter) as GeoJSON (RFC 7946), for a
/// map: a `FeatureCollection` with a `Point` for each respondent that answered one of the
/// form's `geopoint` questions (the first it answered, as `[longitude, latitude]`), its
/// properties the respondent's id, the question's name and every answer as its cell's text
/// (`household/size`). A respondent with no position is left out and counted. Written a page
/// of respondents at a time.
public enum RespondentGeoJSON {
    public static let contentType = "application/geo+json"

    /// The form's `geopoint` questions, by their path (`household/gps`).
    public static func positionQuestions(of form: SurveyForm) -> [[String]] {
        form.questions().filter { $0.field.type == "geopoint" }.map(\.path)
    }

    /// Writes the collection to `emit`, a page at a time; how many respondents had a position.
    @discardableResult
    public static func write(
        _ export: RespondentExport, questions: [[String]], to emit: ([UInt8]) async throws -> Void
    ) async throws -> (placed: Int, unplaced: Int) {
        try await emit(Array(#"{"type":"FeatureCollection","features":["#.utf8))
        var placed = 0
        var unplaced = 0
        try await export.forEachRespondentPage { page in
            var piece: [UInt8] = []
            for respondent in page {
                guard let (path, position) = firstPosition(of: respondent, in: questions) else {
                    unplaced += 1
                    continue
                }
                if placed > 0 { piece.append(UInt8(ascii: ",")) }
                placed += 1
                var properties: [String: JSONValue] = [
                    "id": .string(respondent.id), "question": .string(path.joined(separator: "/")),
                ]
                for (name, text) in RespondentExport.cells(of: respondent.fields) where name != "id"
                {
                    properties[name] = .string(text)
                }
                let feature: JSONValue = .object([
                    "type": .string("Feature"),
                    "geometry": .object([
                        "type": .string("Point"),
                        "coordinates": .array([
                            .double(position.longitude), .double(position.latitude),
                        ]),
                    ]),
                    "properties": .object(properties),
                ])
                piece += JSONWriter.data(feature)
            }
            if !piece.isEmpty { try await emit(piece) }
        }
        try await emit(Array("]}\n".utf8))
        return (placed, unplaced)
    }

    /// The first of `questions` the respondent answered with a position, and the position.
    static func firstPosition(of respondent: Respondent, in questions: [[String]])
        -> ([String], (latitude: Double, longitude: Double))?
    {
        for path in questions {
            var value: JSONValue? = .object(respondent.fields)
            for name in path {
                guard case .object(let members)? = value else {
                    value = nil
                    break
                }
                value = members[name]
            }
            if let value, let position = RespondentFormCheck.position(of: value) {
                return (path, position)
            }
        }
        return nil
    }
}
