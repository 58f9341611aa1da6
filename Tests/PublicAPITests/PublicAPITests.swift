import Accounts
import AccountsHTTPClient
import CasebookServer
import Diary
import Documents
import Foundation
import Menu
import PrimeFactors
import SurveySync
import SurveySyncHTTPClient
import Testing

/// The public API of every module is a contract: code outside this repository compiles against
/// it. This file names each type, by its module, and calls the seed APIs as outside code does,
/// so that moving code between targets (or renaming anything) breaks the build here first.
/// (Menu and CasebookServer each hold a type of their own name, which hides the module's name,
/// so their types are named plainly, as outside code must name them too.)
@Suite("The public API as outside code sees it")
struct PublicAPITests {
    @Test func everyPublicTypeIsStillWhereOutsideCodeFindsIt() {
        let types: [Any.Type] = [
            Accounts.Account.self, Accounts.AccountError.self, Accounts.Credential.self,
            Accounts.EncryptedPreferenceStore.self, Accounts.KeyValueFile.self,
            Accounts.LoginError.self, Accounts.LoginHandler.self,
            (any Accounts.LoginRecording).self,
            (any Accounts.LoginStorage).self, (any Accounts.PUTAPI).self, Accounts.Preference.self,
            Accounts.PreferenceChoice.self, (any Accounts.PreferenceChoiceStore).self,
            (any Accounts.PreferenceLoadable).self, Accounts.PreferencePublisher.self,
            (any Accounts.PreferenceStorable).self, Accounts.PreferenceStoreError.self,
            Accounts.PreferenceVault.self, Accounts.SQLitePreferenceChoiceStore.self,
            Accounts.StorageController.self, Accounts.URLSessionPUTAPI.self,
            Accounts.UserDefaultsPreferenceStore.self, (any Accounts.UserDefaultsStorage).self,
            CasebookServer.self, DataDirectory.self,
            ServerStartError.self,
            (any Diary.DiaryClock).self, Diary.DiaryDataSource.self, Diary.DiaryDateFormatter.self,
            Diary.DiaryDateWriter.self,
            Diary.DiaryError.self, Diary.DiaryListScreen.self,
            (any Diary.DiaryNavigationStack).self,
            Diary.DiaryRouter.self, Diary.DiaryScreen.self, Diary.DiaryScreenFactory.self,
            (any Diary.DiaryStore).self, Diary.Entry.self, Diary.EntryDetailError.self,
            Diary.EntryDetailScreen.self, Diary.InMemoryDiaryStore.self, Diary.LatestScreens.self,
            Diary.SQLiteDiaryStore.self, Diary.SystemClock.self,
            Documents.AttachmentOpener.self, Documents.AttachmentOpeningError.self,
            Documents.Document.self, Documents.DocumentError.self, Documents.DocumentLoader.self,
            Documents.SystemURLOpener.self, (any Documents.URLOpener).self,
            Beverage.self, Currency.self, Dessert.self, Menu.self,
            MenuDataSource.self, MenuFileError.self, MenuItem.self,
            MenuListing.self, (any MenuOffering).self, MenuSection.self,
            Pizza.self,
            (any PrimeFactors.ByteReading).self, (any PrimeFactors.ByteWriting).self,
            PrimeFactors.FactorInput.self, PrimeFactors.FactorLine.self,
            PrimeFactors.InvalidFactorInput.self,
            (any SurveySync.FileManaging).self, SurveySync.FileReader.self,
            SurveySync.FileReaderError.self, SurveySync.JSONParser.self, SurveySync.JSONValue.self,
            SurveySync.JSONWriter.self, SurveySync.LocalRespondentFolder.self,
            SurveySync.Respondent.self, SurveySync.RespondentFileError.self,
            (any SurveySync.RespondentFolder).self, SurveySync.RespondentParser.self,
            (any SurveySync.RespondentStore).self, (any SurveySync.RespondentUploading).self,
            SurveySync.SQLiteRespondentStore.self, (any SurveySync.Sleeping).self,
            SurveySync.SurveySynchronizer.self, SurveySync.SyncClaim.self,
            SurveySync.SyncError.self, SurveySync.SyncProgress.self, SurveySync.SyncReport.self,
            SurveySync.TaskSleeper.self, SurveySync.URLSessionRespondentUploader.self,
            SurveySync.UploadError.self, SurveySync.UpsertCounts.self,
            SurveySync.RespondentAPIClient.self, SurveySync.RespondentAPIRequest.self,
            SurveySync.RespondentAPIAnswer.self, (any SurveySync.RespondentAPITransport).self,
            SurveySync.URLSessionRespondentTransport.self,
            SurveySyncHTTPClient.HTTPClientRespondentTransport.self,
            AccountsHTTPClient.HTTPClientPUTAPI.self, Diary.SQLiteDiaryStore.Connections.self,
        ]
        #expect(types.count == 99)
    }

    @Test func theSeedAPIsAreCalledAsOutsideCodeCallsThem() throws {
        #expect(PrimeFactors.primeFactors(of: 12) == [2, 2, 3])
        #expect(PrimeFactors.primeFactors(of: UInt64(12)) == [2, 2, 3])
        #expect(MenuDataSource(pizzas: [Pizza(name: "Margherita")]).numberOfSections == 1)
        let data = Diary.DiaryDataSource()
        data.save(entry: Diary.Entry(date: Date(), text: "x"))
        #expect(data.sortedEntries.count == 1)
        let reader = SurveySync.FileReader(fileManager: FileManager.default, urlReader: { _ in "" })
        #expect(throws: SurveySync.FileReaderError.self) { try reader.read(path: "/absolute") }
        _ = SurveySync.SurveySynchronizer(
            folder: SurveySync.LocalRespondentFolder(url: URL(fileURLWithPath: "/nonexistent")),
            uploader: SurveySync.URLSessionRespondentUploader(baseURL: URL(string: "http://x")!),
            sleeper: SurveySync.TaskSleeper(), retryDelays: [], batchSize: 1)
        _ = Accounts.StorageController(
            persistenceStore: Accounts.UserDefaultsPreferenceStore(
                storage: UserDefaults(suiteName: "casebook-api-\(UUID().uuidString)")!))
        _ = Accounts.LoginHandler(storage: UserDefaults.standard)
        _ = Documents.DocumentLoader()
        _ = DataDirectory.resolve(option: "/tmp/x")
        let _: (CasebookServer.Stores, Menu) throws -> Any = {
            try CasebookServer.router(stores: $0, menu: $1)
        }
        let _: (URL) throws -> CasebookServer.Stores = {
            try CasebookServer.Stores.open(in: $0)
        }
    }
}

/// Outside code may extend the menu's types as its own: each is still a type of its own.
extension Pizza {
    fileprivate var isMargherita: Bool { name == "Margherita" }
}

extension Dessert: Identifiable {
    public var id: String { name }
}
