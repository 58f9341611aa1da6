/// The parities of the quadratic sieve's relations, one row each, and the sets of rows whose
/// sum is zero modulo 2 (whose product is a square): Gaussian elimination over GF(2), each row
/// keeping the rows it was made of.
///
/// The rows lie in one flat array of 64-bit words, each row its columns' words and then its
/// history's (a bit per row it was made of); a pivot is XORed only into the rows after it, and
/// only from its column's word on (the words before are zero there). A row left with no column
/// set is a dependency.
struct ParityMatrix {
    private let columns: Int
    private var rows: [[Int]] = []

    init(columns: Int) {
        self.columns = columns
    }

    /// Appends a row with a 1 in each column that occurs an odd number of times in `columns`.
    mutating func append(columns odd: [Int]) {
        rows.append(odd)
    }

    var count: Int { rows.count }

    /// Sets of rows (by index) whose sum is zero, at least `count - columns` of them.
    func dependencies() -> [[Int]] {
        let columnWords = (columns + 63) / 64
        let historyWords = (rows.count + 63) / 64
        let stride = columnWords + historyWords
        var words = [UInt64](repeating: 0, count: max(1, stride * rows.count))
        for (index, row) in rows.enumerated() {
            let base = index * stride
            for column in row { words[base + column / 64] ^= 1 << (column % 64) }
            words[base + columnWords + index / 64] |= 1 << (index % 64)
        }
        // The rows' places in `words`, in their order after pivoting.
        var order = Array(0..<rows.count).map { $0 * stride }
        var rank = 0
        words.withUnsafeMutableBufferPointer { words in
            for column in 0..<columns {
                let word = column / 64
                let bit = UInt64(1) << (column % 64)
                guard
                    let pivot = (rank..<order.count).first(where: {
                        words[order[$0] + word] & bit != 0
                    })
                else { continue }
                order.swapAt(pivot, rank)
                let from = order[rank]
                for other in rank + 1..<order.count where words[order[other] + word] & bit != 0 {
                    let into = order[other]
                    for index in word..<stride { words[into + index] ^= words[from + index] }
                }
                rank += 1
            }
        }
        return order[rank...].map { base in
            (0..<rows.count).filter {
                words[base + columnWords + $0 / 64] >> ($0 % 64) & 1 == 1
            }
        }
    }
}
