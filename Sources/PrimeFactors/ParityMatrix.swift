/// The parities of the quadratic sieve's relations, one row each, and the sets of rows whose
/// sum is zero modulo 2 (whose product is a square): Gaussian elimination over GF(2), each row
/// keeping the rows it was made of.
struct ParityMatrix {
    private let columns: Int
    private var rows: [[UInt64]] = []

    init(columns: Int) {
        self.columns = columns
    }

    /// Appends a row with a 1 in each column that occurs an odd number of times in `columns`.
    mutating func append(columns odd: [Int]) {
        var row = [UInt64](repeating: 0, count: (columns + 63) / 64)
        for column in odd { row[column / 64] ^= 1 << (column % 64) }
        rows.append(row)
    }

    var count: Int { rows.count }

    /// Sets of rows (by index) whose sum is zero, at least `count - columns` of them.
    func dependencies() -> [[Int]] {
        var rows = rows
        let words = (rows.count + 63) / 64
        var made = rows.indices.map { index -> [UInt64] in
            var history = [UInt64](repeating: 0, count: words)
            history[index / 64] = 1 << (index % 64)
            return history
        }
        var rank = 0
        for column in 0..<columns {
            let word = column / 64
            let bit = UInt64(1) << (column % 64)
            guard let pivot = (rank..<rows.count).first(where: { rows[$0][word] & bit != 0 }) else {
                continue
            }
            rows.swapAt(pivot, rank)
            made.swapAt(pivot, rank)
            for other in rows.indices where other != rank && rows[other][word] & bit != 0 {
                for index in word..<rows[other].count { rows[other][index] ^= rows[rank][index] }
                for index in 0..<words { made[other][index] ^= made[rank][index] }
            }
            rank += 1
        }
        return made[rank...].map { history in
            (0..<rows.count).filter { history[$0 / 64] >> ($0 % 64) & 1 == 1 }
        }
    }
}
