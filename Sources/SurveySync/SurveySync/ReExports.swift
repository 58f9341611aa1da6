// The survey sync's core (respondents, parsing, the ledger, the synchronizer and verifier, the
// store and backend protocols) and its adapters (the SQLite store, the URLSession backend, the
// folder on the local disk), as one module: `import SurveySync` brings all of them, as it always
// has. An app that needs only the core imports SurveySyncCore.
@_exported import SurveySyncCore
@_exported import SurveySyncFiles
@_exported import SurveySyncSQLite
@_exported import SurveySyncURLSession
