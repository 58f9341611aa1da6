// The accounts' core (age, login, the "save password?" preference and its controller) and its
// adapters (the sealed preference vault in files, the SQLite choice store, the URLSession PUT),
// as one module: `import Accounts` brings all of them, as it always has. An app that needs only
// the core imports AccountsCore.
@_exported import AccountsCore
@_exported import AccountsFiles
@_exported import AccountsSQLite
@_exported import AccountsURLSession
