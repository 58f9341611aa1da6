/// Rows for people: a header in capitals, then the rows, each column as wide as its widest
/// cell and two spaces apart (the last column as it is), as `docker ps` and `gh` print them.
struct TextTable {
    let header: [String]
    var rows: [[String]] = []

    var lines: [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0[column].count }.max() ?? 0
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }
    }
}
