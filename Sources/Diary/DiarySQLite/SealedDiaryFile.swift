import Crypto
import Foundation
import _CryptoExtras

/// A diary sealed with a passphrase, as `casebook diary encrypt` writes it: the whole SQLite
/// database (its entries, their search index, its photos, its trash) encrypted and
/// authenticated with ChaCha20-Poly1305 under a key that scrypt derives from the passphrase
/// and a random salt. The file holds no readable text; without the passphrase it cannot be
/// read, by anyone, Casebook included.
///
/// Layout: the line `Casebook sealed diary`, a format byte (1), scrypt's cost as log2(N), r
/// and p, the 16-byte salt, a 16-byte check of the key (so that a wrong passphrase is told
/// apart from a damaged file), then the sealed box (a 12-byte nonce, the ciphertext and a
/// 16-byte tag), with every byte before the box authenticated along with it.
public enum SealedDiaryFile {
    /// scrypt's cost, stored in each file so that a later version can raise it.
    public struct Cost: Equatable, Sendable {
        /// N, the memory and time it takes, as a power of two.
        public var log2N: UInt8
        /// The block size: 128 × r bytes.
        public var r: UInt8
        /// How many derivations run side by side.
        public var p: UInt8

        public init(log2N: UInt8, r: UInt8, p: UInt8) {
            (self.log2N, self.r, self.p) = (log2N, r, p)
        }

        /// OWASP's figure for scrypt: N = 2^17 (128 MiB), r = 8, p = 1.
        public static let standard = Cost(log2N: 17, r: 8, p: 1)

        /// Cheap, for tests: never for a diary anyone keeps.
        public static let forTests = Cost(log2N: 10, r: 8, p: 1)

        /// What a file may ask for: at most 2^20 × 8 × 128 bytes (1 GiB) of memory, so that a
        /// hostile file cannot make the opener take more.
        var isAcceptable: Bool {
            (10...20).contains(log2N) && (1...8).contains(r) && (1...4).contains(p)
        }
    }

    /// The fewest characters a new passphrase may have.
    public static let shortestPassphrase = 8

    static let magic = Array("Casebook sealed diary\n".utf8)
    static let format: UInt8 = 1
    static let saltLength = 16
    static let checkLength = 16
    static var headerLength: Int { magic.count + 4 + saltLength + checkLength }
    /// The nonce and the tag around the ciphertext.
    static let boxOverhead = 12 + 16

    /// Whether `bytes` start as a sealed diary does.
    public static func isSealed(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: magic)
    }

    /// `plaintext` sealed under `passphrase`, with a new random salt and nonce.
    public static func seal(
        _ plaintext: [UInt8], passphrase: String, cost: Cost = .standard
    ) throws -> [UInt8] {
        Array(try SealingKey(passphrase: passphrase, cost: cost).seal(plaintext))
    }

    /// What `sealed` holds, opened with `passphrase`; a wrong passphrase, a file cut short or
    /// one changed since it was sealed is refused, saying which.
    public static func open(_ sealed: [UInt8], passphrase: String) throws(SealedDiaryError)
        -> [UInt8]
    {
        Array(try openData(sealed, passphrase: passphrase).plaintext)
    }

    /// The same, as `Data` (a diary of hundreds of megabytes is not copied once more), with
    /// the key that opened it, which seals it again without deriving it again.
    static func openData(_ sealed: [UInt8], passphrase: String) throws(SealedDiaryError)
        -> (plaintext: Data, key: SealingKey)
    {
        guard isSealed(sealed) else { throw .notSealed }
        guard sealed.count >= headerLength + boxOverhead else { throw .damaged("it is cut short") }
        var place = magic.count
        guard sealed[place] == format else {
            throw .damaged("it is in format \(sealed[place]), which this version cannot read")
        }
        let cost = Cost(log2N: sealed[place + 1], r: sealed[place + 2], p: sealed[place + 3])
        guard cost.isAcceptable else {
            throw .damaged(
                "its key cost (scrypt N = 2^\(cost.log2N), r = \(cost.r), p = \(cost.p)) is out of bounds"
            )
        }
        place += 4
        let salt = Array(sealed[place..<place + saltLength])
        place += saltLength
        let check = Array(sealed[place..<place + checkLength])
        place += checkLength
        let key: SealingKey
        do {
            key = try SealingKey(passphrase: passphrase, salt: salt, cost: cost)
        } catch {
            throw .damaged("its key cannot be derived (\(error))")
        }
        guard key.check == check else { throw .wrongPassphrase }
        do {
            let box = try ChaChaPoly.SealedBox(combined: sealed[place...])
            let plaintext = try ChaChaPoly.open(
                box, using: key.cipher, authenticating: sealed[..<place])
            return (plaintext, key)
        } catch {
            throw .damaged(
                "it was changed or cut short since it was sealed (its seal does not match)")
        }
    }

    /// A key derived from a passphrase with the salt and cost it was derived with: the
    /// cipher's key and the passphrase's check, from one scrypt derivation. Each seal under it
    /// takes a new random nonce (96 bits: a diary is sealed far fewer than 2^32 times).
    struct SealingKey {
        let cost: Cost
        let salt: [UInt8]
        let cipher: SymmetricKey
        let check: [UInt8]

        /// A new key for `passphrase`, with a new random salt.
        init(passphrase: String, cost: Cost) throws {
            var salt = [UInt8](repeating: 0, count: saltLength)
            var generator = SystemRandomNumberGenerator()
            for index in salt.indices { salt[index] = generator.next() }
            try self.init(passphrase: passphrase, salt: salt, cost: cost)
        }

        init(passphrase: String, salt: [UInt8], cost: Cost) throws {
            let derived = try KDF.Scrypt.deriveKey(
                from: Array(passphrase.precomposedStringWithCanonicalMapping.utf8), salt: salt,
                outputByteCount: 64, rounds: 1 << Int(cost.log2N), blockSize: Int(cost.r),
                parallelism: Int(cost.p))
            let bytes = derived.withUnsafeBytes { Array($0) }
            (self.cost, self.salt) = (cost, salt)
            cipher = SymmetricKey(data: bytes[..<32])
            check = Array(bytes[48...])
        }

        /// The file's bytes before the box, all of which the box authenticates.
        var header: [UInt8] { magic + [format, cost.log2N, cost.r, cost.p] + salt + check }

        /// `plaintext` sealed: the whole file.
        func seal(_ plaintext: some DataProtocol) throws -> Data {
            let header = header
            let box = try ChaChaPoly.seal(plaintext, using: cipher, authenticating: header)
            var file = Data(capacity: header.count + box.combined.count)
            file.append(contentsOf: header)
            file.append(box.combined)
            return file
        }
    }
}
