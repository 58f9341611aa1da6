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
        // The rows' words of the 64 columns being eliminated, side by side in the rows' order:
        // the search for each column's pivot and for the rows it clears reads these, not a word
        // of each row in turn. The rows a pivot clears are listed first without a branch on each
        // (whether a row has the column is a coin toss for the small primes' columns, and a
        // mispredicted branch cost more than the XOR), then cleared.
        var current = [UInt64](repeating: 0, count: rows.count)
        var cleared = [Int](repeating: 0, count: rows.count)
        words.withUnsafeMutableBufferPointer { words in
            current.withUnsafeMutableBufferPointer { current in
                cleared.withUnsafeMutableBufferPointer { cleared in
                    for column in 0..<columns {
                        let word = column / 64
                        let shift = UInt64(column % 64)
                        if shift == 0 {
                            for position in rank..<order.count {
                                current[position] = words[order[position] + word]
                            }
                        }
                        guard
                            let pivot = (rank..<order.count).first(where: {
                                current[$0] >> shift & 1 != 0
                            })
                        else { continue }
                        order.swapAt(pivot, rank)
                        current.swapAt(pivot, rank)
                        var count = 0
                        for other in rank + 1..<order.count {
                            cleared[count] = other
                            count &+= Int(truncatingIfNeeded: current[other] >> shift & 1)
                        }
                        let from = order[rank]
                        for listed in 0..<count {
                            let other = cleared[listed]
                            let into = order[other]
                            for index in word..<stride {
                                words[into + index] ^= words[from + index]
                            }
                            current[other] ^= current[rank]
                        }
                        rank += 1
                    }
                }
            }
        }
        return order[rank...].map { base in
            (0..<rows.count).filter {
                words[base + columnWords + $0 / 64] >> ($0 % 64) & 1 == 1
            }
        }
    }
}
