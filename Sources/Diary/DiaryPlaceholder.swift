// The Diary system has not landed yet. This placeholder keeps the module (and its library
// product, which outside code depends on) buildable; it is removed when the module's issue lands.
enum DiaryPlaceholder {}
