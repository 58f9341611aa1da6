import CasebookForms
import Diary
import Foundation
import Hummingbird

/// An entry's photos: added and taken off on the entry's page by the diarist, and served to
/// them alone in the two sizes the diary keeps (`/diary/photos/ID.jpg`, `ID-small.jpg`): a
/// photo is looked up in the signed-in user's own diary, so another's cannot be asked for by
/// its id.
struct DiaryPhotoPages: Sendable {
    let pages: DiaryPages
    let preparer: any EntryPhotoPreparing

    var diaries: RequestDiaries { pages.diaries }

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/diary/photos/{file}", use: photo)
        router.post("/diary/{id}/photos", use: add)
        router.post("/diary/{id}/photos/{photo}/remove", use: remove)
    }

    /// Where the photo `id` is served: its large size, or its small one.
    static func path(of id: String, small: Bool = false) -> String {
        "/diary/photos/" + PhotoFileName(id: id, small: small).name
    }

    /// The most an upload's form may be: twice the largest photo, so that a photo a little too
    /// large is refused on the entry's page, saying so, rather than by the server.
    static let formLimit = 2 * 10 * 1024 * 1024 + 64 * 1024

    /// `GET /diary/photos/{ID}.jpg` (large) or `{ID}-small.jpg`: the photo, with an ETag and
    /// `Cache-Control: private, immutable` (a diary's photo is its diarist's alone).
    @Sendable func photo(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let file = try PhotoFileName(context)
        let work = try diaries.diary(for: request).work
        let store = work.store
        let found = try await work.run {
            try (store as? any DiaryPhotoStore)?.photoFile(id: file.id)
        }
        guard let photo = found else { throw PhotoFileName.noPhoto }
        return file.response(photo, cacheControl: "private, max-age=31536000, immutable")
    }

    /// `POST /diary/{id}/photos` (multipart: `photo`, a file, and `alt`): the photo checked,
    /// stripped and put on the entry, last; then the entry's page at its photos, so that a
    /// reload sends nothing again. A file refused is the entry's page saying why (400).
    @Sendable func add(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try Self.entryID(context)
        let multipart = try await PostedForm.readFiles(request, limit: Self.formLimit)
        let form = try FormFields(textOf: multipart)
        let alt = (form["alt"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let work = try diaries.diary(for: request).work
        let store = work.store
        let file = multipart.part(named: "photo")
        let preparer = preparer
        let problem: String? = try await work.run {
            guard try store.entry(id: id) != nil else {
                throw RequestError(.notFound, "There is no such entry.")
            }
            guard let file, file.filename != nil, !file.body.isEmpty else {
                return "The photo: choose a JPEG, PNG or WebP file."
            }
            guard alt.count <= DiaryPhotoLimits.longestAlt else {
                return "What the photo shows: "
                    + "\(DiaryPhotoError.altTooLong(limit: DiaryPhotoLimits.longestAlt))."
            }
            let prepared: EntryPhotoFile
            do {
                prepared = try preparer.prepare(file.body)
            } catch {
                // The preparer's refusal, in words for the diarist.
                return "The photo: \(error)."
            }
            do {
                try DiaryEntries(store: store).addPhoto(prepared, alt: alt, toEntry: id)
                return nil
            } catch let refusal as DiaryPhotoError {
                return "The photo: \(refusal)."
            } catch let error as DiaryError {
                throw RequestError(.notFound, "\(error).")
            }
        }
        guard let problem else {
            return Response(
                status: .seeOther,
                headers: [.location: "/diary/\(id.uuidString.lowercased())#photos-heading"])
        }
        return try await work.run {
            try pages.entryPage(
                store, id: id, request: request, photoProblem: problem, alt: alt,
                status: .badRequest)
        }
    }

    /// `POST /diary/{id}/photos/{photo}/remove`: the photo taken off the entry (and dropped,
    /// once no entry has it); then the entry's page at its photos.
    @Sendable func remove(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let id = try Self.entryID(context)
        let photoID = try PathParameter.text("photo", in: context)
        guard EntryPhoto.isValidID(photoID) else { throw PhotoFileName.noPhoto }
        _ = try await PostedForm.read(request)
        let work = try diaries.diary(for: request).work
        let store = work.store
        let removed = try await work.run {
            try (store as? any DiaryPhotoStore)?.removePhoto(id: photoID, fromEntry: id) ?? false
        }
        guard removed else { throw PhotoFileName.noPhoto }
        return Response(
            status: .seeOther,
            headers: [.location: "/diary/\(id.uuidString.lowercased())#photos-heading"])
    }

    private static func entryID(_ context: some RequestContext) throws -> Entry.ID {
        let text = try PathParameter.text("id", in: context)
        do {
            return try DiaryError.id(from: text)
        } catch {
            throw RequestError(.badRequest, "\(error)")
        }
    }
}
