import AccountsCore
import CasebookDataDirectory
import CasebookPostgres
import Diary
import Foundation
import Menu
import SurveySyncCore

/// What the routes work with, built once from the stores and the configuration by the
/// composition root (`CasebookServer.services(stores:configuration:)`); the controllers and
/// pages receive these and never open a file or a database.
struct Services: Sendable {
    let layout: DataDirectoryLayout
    let menu: MenuService
    let vault: PreferenceVaultAccess
    let respondents: any RespondentStore
    /// The respondents' reviews and senders, when their store keeps them (every store Casebook
    /// has does; a store given by an embedding application may not).
    let respondentReviews: (any ReviewedRespondentStore)?
    /// The survey's form, and every respondent checked against it as it arrives.
    let surveyForms: SurveyForms
    let preferences: any PreferenceChoiceStore
    /// The diary each request works on.
    let diaries: RequestDiaries
    let metrics: ServerMetrics
    /// The access log, when the configuration names one.
    let accessLog: AccessLog?
    /// The shared database, when the stores are in one (for the health check).
    let database: PostgresDatabase?
    let hosts: AllowedHosts
    let syncBackends: [URL]
    /// Whether cookies are marked Secure (HTTPS, here or at a proxy).
    let secureCookies: Bool
    /// Signing in and who may do what; nil without a user store (one person's server).
    let access: AccessServices?
}
