import CasebookZip
import FuzzDriver

/// Any bytes as an uploaded ZIP file: the reader answers entries or a refusal, never more
/// entries or bytes than its limits, and every entry it reads matches its checksum.
@main
struct FuzzZipFile {
    static func main() {
        let limits = ZipReader.Limits(mostEntries: 64, mostEntryBytes: 1 << 20, mostBytes: 4 << 20)
        FuzzDriver.run { bytes in
            guard let entries = try? ZipReader.entries(in: Array(bytes), limits: limits) else {
                return
            }
            precondition(entries.count <= limits.mostEntries, "too many entries")
            var total = 0
            for entry in entries {
                guard case .success(let contents) = entry.contents else { continue }
                precondition(contents.count <= limits.mostEntryBytes, "an entry past its limit")
                total += contents.count
                precondition(!entry.name.utf8.contains(0), "a name with NUL")
            }
            precondition(total <= limits.mostBytes, "past the limit of all entries")
        }
    }
}
