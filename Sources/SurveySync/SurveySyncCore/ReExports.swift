// The JSON value type and its reader and writer live in CasebookJSON, which other systems use
// too; `import SurveySync` keeps bringing them, as it always has.
@_exported import CasebookJSON
