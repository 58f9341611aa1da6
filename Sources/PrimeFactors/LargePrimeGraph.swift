import BigInt

/// Partial relations as the edges of a graph whose vertices are large primes (and 1, for a
/// relation with one): an edge that joins two vertices already connected closes a cycle, and
/// the relations around it multiply into one whose large primes each occur twice — a full
/// relation, as far as the matrix is concerned. A union-find says whether two vertices are
/// connected; the spanning forest's edges give the path between them.
struct LargePrimeGraph {
    let n: BigUInt
    /// The forest's relations, by edge.
    private var relations: [SieveRelation] = []
    /// Each vertex's forest edges: the vertex at the other end and the relation.
    private var edges: [UInt64: [(vertex: UInt64, relation: Int)]] = [:]
    /// Union-find: each vertex's parent (a root is its own, or absent).
    private var parent: [UInt64: UInt64] = [:]
    /// Cycles found.
    private(set) var cycles = 0
    /// Partial relations taken.
    var partials: Int { relations.count + cycles }

    init(n: BigUInt) {
        self.n = n
    }

    /// Takes a partial relation; the relation a cycle makes, when it closes one.
    mutating func add(_ relation: SieveRelation) -> SieveRelation? {
        let (u, v) =
            relation.largePrimes.count == 1
            ? (1, relation.largePrimes[0]) : (relation.largePrimes[0], relation.largePrimes[1])
        let (rootU, rootV) = (find(u), find(v))
        guard rootU == rootV else {
            parent[rootU] = rootV
            relations.append(relation)
            edges[u, default: []].append((v, relations.count - 1))
            edges[v, default: []].append((u, relations.count - 1))
            return nil
        }
        cycles += 1
        var combined = relation
        for index in path(from: u, to: v) {
            let other = relations[index]
            combined.y = combined.y * other.y % n
            combined.factors += other.factors
            combined.largePrimes += other.largePrimes
        }
        return combined
    }

    private mutating func find(_ vertex: UInt64) -> UInt64 {
        var root = vertex
        while let up = parent[root], up != root { root = up }
        var current = vertex
        while let up = parent[current], up != root {
            parent[current] = root
            current = up
        }
        return root
    }

    /// The relations on the forest's path from `start` to `end` (connected).
    private func path(from start: UInt64, to end: UInt64) -> [Int] {
        if start == end { return [] }
        var came: [UInt64: (vertex: UInt64, relation: Int)] = [start: (start, -1)]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            if vertex == end { break }
            for edge in edges[vertex] ?? [] where came[edge.vertex] == nil {
                came[edge.vertex] = (vertex, edge.relation)
                queue.append(edge.vertex)
            }
        }
        var found: [Int] = []
        var vertex = end
        while vertex != start, let step = came[vertex] {
            found.append(step.relation)
            vertex = step.vertex
        }
        return found
    }
}
