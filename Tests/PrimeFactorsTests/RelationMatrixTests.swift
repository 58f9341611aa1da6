import Testing

@testable import PrimeFactors

/// The linear algebra's pruning on its own: which relations it keeps, given the columns each
/// has an odd number of times.
@Suite("The relations the linear algebra keeps")
struct RelationMatrixTests {
    @Test func aRelationWithAPrimeNoOtherHasIsLeftOut() {
        let odd = [[0, 1], [1, 2], [0, 2], [3]]
        #expect(RelationMatrix.keptAfterPruning(odd, columns: 4) == [0, 1, 2])
    }

    @Test func leavingOneOutCanLeaveAnotherAloneWithAPrimeUntilNoneIs() {
        // Column 3 is row 3's alone; without row 3, column 2 is row 2's alone; and so on down
        // the chain. The two rows of column 5 stay.
        let odd = [[0], [0, 1], [1, 2], [2, 3], [5], [5]]
        #expect(RelationMatrix.keptAfterPruning(odd, columns: 6) == [4, 5])
    }

    @Test func relationsWhosePrimesEachOccurTwiceAreAllKept() {
        let odd = [[0, 1], [1, 2], [2, 0], [], [3, 4], [3, 4]]
        #expect(RelationMatrix.keptAfterPruning(odd, columns: 5) == [0, 1, 2, 3, 4, 5])
    }
}
