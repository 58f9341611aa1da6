import Accounts
import Foundation
import Testing

@Suite("The save-password preference, with each kind of double")
struct StorageControllerTests {
    let credential = Credential(username: "ada", password: "correct horse battery staple")

    @Test func savesThePreferenceUnderItsKeyAsTheSpySees() throws {
        let spy = PreferenceStoreSpy()
        try StorageController(persistenceStore: spy).save(preference: .never)
        #expect(spy.saved.map(\.key) == [StorageController.preferenceStoreKey])
        #expect(try JSONDecoder().decode(Preference.self, from: spy.saved[0].data) == .never)
    }

    @Test func rethrowsTheStoresErrorUnchanged() {
        let stub = PreferenceStoreStub(error: DiskFull())
        #expect(throws: DiskFull()) {
            try StorageController(persistenceStore: stub).save(preference: .notNow)
        }
    }

    @Test func rethrowsTheEncodersErrorUnchanged() {
        let controller = StorageController(
            persistenceStore: PreferenceStoreDummy(), encoder: FailingEncoderStub())
        #expect(throws: FailingEncoderStub.EncodingFailed()) {
            try controller.save(preference: .never)
        }
    }

    @Test(arguments: [Preference.notNow, .never, .save(Credential(username: "u", password: "p"))])
    func readsBackWhatItSavedThroughAFakeStore(preference: Preference) throws {
        let fake = UserDefaultsStorageFake()
        let controller = StorageController(
            persistenceStore: UserDefaultsPreferenceStore(storage: fake))
        #expect(try controller.loadPreference() == nil)
        try controller.save(preference: preference)
        #expect(try controller.loadPreference() == preference)
    }

    @Test func aStoreThatCannotBeReadIsAClearError() {
        #expect(throws: PreferenceStoreError.storeCannotBeRead) {
            try StorageController(persistenceStore: PreferenceStoreSpy()).loadPreference()
        }
    }

    @Test func worksWithARealUserDefaultsSuite() throws {
        let suite = "casebook-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let controller = StorageController(
            persistenceStore: UserDefaultsPreferenceStore(storage: defaults))
        try controller.save(preference: .notNow)
        #expect(try controller.loadPreference() == .notNow)
    }
}
