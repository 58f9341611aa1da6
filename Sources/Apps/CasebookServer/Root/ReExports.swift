// Where the data lives (`DataDirectory`) was first part of this module; `import CasebookServer`
// still brings it.
@_exported import CasebookDataDirectory
