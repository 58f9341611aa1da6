// The diary's core (entries, the store protocol, use cases, screens) and its SQLite store, as
// one module: `import Diary` brings all of them, as it always has. An app that needs only the
// core imports DiaryCore.
@_exported import DiaryCore
@_exported import DiarySQLite
