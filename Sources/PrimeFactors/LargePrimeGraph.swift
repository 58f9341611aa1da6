/// Partial relations as the edges of a graph whose vertices are large primes (and 1, for a
/// relation with one): an edge that joins two vertices already connected closes a cycle, and
/// the relations around it make one whose large primes each occur twice — a full relation, as
/// far as the matrix is concerned.
///
/// The edges that join components make a spanning forest, each tree kept rooted (a vertex's
/// parent and the relation of the edge to it): a joining edge re-roots its vertex's tree there
/// (reversing the path to the old root) and hangs it from the other vertex; a cycle's path is
/// the two vertices' paths up to where they meet. A union-find says which tree a vertex is in.
struct LargePrimeGraph {
    /// Each vertex's parent in its tree and the relation of the edge to it; a root has none.
    private var up: [UInt64: (vertex: UInt64, relation: Int)] = [:]
    /// The forest's relations.
    private var relations: [SieveRelation] = []
    /// Union-find: each vertex's parent (a root is its own, or absent).
    private var parent: [UInt64: UInt64] = [:]
    /// Cycles found.
    private(set) var cycles = 0

    /// Takes a partial relation; the relation a cycle makes, when it closes one.
    mutating func add(_ relation: SieveRelation) -> SieveRelation? {
        let (u, v) =
            relation.largePrimes.count == 1
            ? (1, relation.largePrimes[0]) : (relation.largePrimes[0], relation.largePrimes[1])
        let (rootU, rootV) = (find(u), find(v))
        guard rootU == rootV else {
            parent[rootU] = rootV
            relations.append(relation)
            reroot(at: u)
            up[u] = (v, relations.count - 1)
            return nil
        }
        cycles += 1
        var combined = relation
        for index in path(from: u, to: v) {
            let other = relations[index]
            combined.ys += other.ys
            combined.factors += other.factors
            combined.largePrimes += other.largePrimes
        }
        return combined
    }

    private mutating func find(_ vertex: UInt64) -> UInt64 {
        var root = vertex
        while let next = parent[root], next != root { root = next }
        var current = vertex
        while let next = parent[current], next != root {
            parent[current] = root
            current = next
        }
        return root
    }

    /// Makes `vertex` the root of its tree: the edges on its path to the old root point the
    /// other way.
    private mutating func reroot(at vertex: UInt64) {
        var current = vertex
        var previous: (vertex: UInt64, relation: Int)?
        while true {
            let next = up[current]
            up[current] = previous
            guard let next else { break }
            previous = (current, next.relation)
            current = next.vertex
        }
    }

    /// The relations on the forest's path from `start` to `end` (in one tree).
    private func path(from start: UInt64, to end: UInt64) -> [Int] {
        var ancestors: [UInt64: Int] = [start: 0]
        var fromStart: [Int] = []
        var vertex = start
        while let step = up[vertex] {
            fromStart.append(step.relation)
            vertex = step.vertex
            ancestors[vertex] = fromStart.count
        }
        var fromEnd: [Int] = []
        vertex = end
        while ancestors[vertex] == nil, let step = up[vertex] {
            fromEnd.append(step.relation)
            vertex = step.vertex
        }
        return Array(fromStart.prefix(ancestors[vertex] ?? 0)) + fromEnd
    }
}
