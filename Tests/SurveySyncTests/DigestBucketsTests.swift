import Testing

@testable import SurveySyncCore

/// The 256 buckets a verify compares before it compares respondents one by one.
@Suite("Digest buckets")
struct DigestBucketsTests {
    /// Ids whose SHA-256 starts with 0x00 and 0xFF: the first and the last bucket.
    static let firstBucketID = "r-298"
    static let lastBucketID = "r-284"

    @Test func aRespondentInTheFirstOrLastBucketIsADifferenceThere() {
        #expect(RespondentDigest.bucket(ofID: Self.firstBucketID) == 0)
        #expect(RespondentDigest.bucket(ofID: Self.lastBucketID) == 255)
        let first = DigestBuckets([RespondentDigest(id: Self.firstBucketID, digest: "d")])
        let last = DigestBuckets([RespondentDigest(id: Self.lastBucketID, digest: "d")])
        #expect(first.buckets(differingFrom: DigestBuckets()) == [0])
        #expect(DigestBuckets().buckets(differingFrom: last) == [255])
        #expect(first.buckets(differingFrom: last) == [0, 255])
    }

    @Test func theSameRespondentsInAnyOrderGiveTheSameBucketsAndRemovingOneUndoesIt() {
        let a = RespondentDigest(id: Self.firstBucketID, digest: "1")
        let b = RespondentDigest(id: Self.lastBucketID, digest: "2")
        let c = RespondentDigest(id: "c", digest: "3")
        var buckets = DigestBuckets([a, b, c])
        #expect(buckets == DigestBuckets([c, a, b]))
        buckets.toggle(b)
        #expect(buckets == DigestBuckets([a, c]))
        #expect(buckets.buckets(differingFrom: DigestBuckets([a, b, c])) == [255])
    }

    @Test func aChangedDigestIsADifferenceInItsRespondentsBucket() {
        let before = DigestBuckets([RespondentDigest(id: "c", digest: "3")])
        let after = DigestBuckets([RespondentDigest(id: "c", digest: "4")])
        #expect(before.buckets(differingFrom: after) == [RespondentDigest.bucket(ofID: "c")])
    }

    @Test func hexRoundTripsAndAnythingElseIsRefused() throws {
        let buckets = DigestBuckets([RespondentDigest(id: "c", digest: "3")])
        #expect(DigestBuckets(hex: buckets.hex) == buckets)
        #expect(DigestBuckets().hex.allSatisfy { $0 == String(repeating: "0", count: 64) })
        var hex = buckets.hex
        #expect(DigestBuckets(hex: Array(hex.dropLast())) == nil)
        for bad in ["A", "g", ""] {
            hex[3] = bad + String(repeating: "0", count: 63)
            #expect(DigestBuckets(hex: hex) == nil, "\(hex[3])")
        }
        hex[3] = String(repeating: "0", count: 64)
        #expect(DigestBuckets(hex: hex) == buckets)
    }
}
