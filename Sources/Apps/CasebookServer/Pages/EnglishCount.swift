/// A count with its noun, as English has them: "1 year", "0 years", "2 entries".
enum EnglishCount {
    static func phrase(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
