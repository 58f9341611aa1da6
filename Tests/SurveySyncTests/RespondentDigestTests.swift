import SurveySync
import Testing

/// A folder and its backend compare digests and buckets instead of sending respondents, so
/// every version of either must compute them alike: they are pinned here to known values.
struct RespondentDigestTests {
    @Test func anIdsBucketIsTheFirstByteOfTheSHA256OfItsUTF8() {
        // SHA-256 of "abc" is ba7816bf…, of "" e3b0c442…, of "é" (c3 a9) 4a…
        #expect(RespondentDigest.bucket(ofID: "abc") == 0xBA)
        #expect(RespondentDigest.bucket(ofID: "") == 0xE3)
        #expect(RespondentDigest.bucket(ofID: "é") == 0x4A)
    }

    @Test func aDigestIsTheSHA256OfTheCanonicalJSONInLowercaseHex() {
        // The SHA-256 of {"id":"a","n":1}.
        let expected = "ebddcace15c56ac9ac7a5499fffba4dece33724d7e2ad7ff5bdd262a10e643ef"
        #expect(RespondentDigest.digest(of: ["n": 1, "id": "a"]) == expected)
        #expect(
            RespondentDigest(Respondent(id: "a", fields: ["id": "a", "n": 1])).digest == expected)
    }
}
