/// A dish's name and description in another of the menu's languages; what it leaves out is
/// shown in the menu's own language.
public struct DishTranslation: Equatable, Sendable, Encodable {
    public var name: String?
    public var description: String?

    public init(name: String? = nil, description: String? = nil) {
        self.name = name
        self.description = description
    }
}
