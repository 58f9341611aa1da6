import CasebookForms
import Foundation
import Hummingbird
import Menu

/// A dish's photo: given, changed or taken away on the dish's page by its managers, and
/// served to anyone in the two sizes the menu keeps (`/menu/photos/ID.jpg`, `ID-small.jpg`),
/// cached for good (a photo's id is the hash of its bytes, so it never changes).
struct MenuPhotoPages: Sendable {
    let renderer: PageRenderer
    let menu: MenuService

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/menu/photos/{file}", use: photo)
        router.post("/menu/dish/photo", use: save)
    }

    /// Where the photo `id` is served: its large size, or its small one.
    static func path(of id: String, small: Bool = false) -> String {
        "/menu/photos/" + PhotoFileName(id: id, small: small).name
    }

    /// The most an upload's form may be: twice the largest photo, so that a photo a little
    /// too large is refused on the dish's page, saying so, rather than by the server.
    static let formLimit = 2 * DishPhotoLimits.mostBytes + 64 * 1024

    /// `GET /menu/photos/{ID}.jpg` (large) or `{ID}-small.jpg`: the photo, with an ETag and
    /// `Cache-Control: immutable`; a browser that has it gets a 304 from
    /// `ConditionalGetMiddleware`, as every route that gives its ETag.
    @Sendable func photo(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let file = try PhotoFileName(context)
        guard let photo = try await menu.photos.photo(id: file.id) else {
            throw PhotoFileName.noPhoto
        }
        return file.response(photo, cacheControl: "public, max-age=31536000, immutable")
    }

    /// `POST /menu/dish/photo` (multipart: `revision`, `section`, `index`, `alt`, and `photo`,
    /// a file, or `remove=yes`): the dish's photo given or replaced (a file), its words changed
    /// (no file), or taken away; saved as the next revision from the one the form was opened
    /// at. A photo refused, or words missing, is the dish's page again saying why.
    @Sendable func save(_ request: Request, context: some RequestContext) async throws
        -> Response
    {
        let multipart = try await PostedForm.readFiles(request, limit: Self.formLimit)
        let form = try FormFields(textOf: multipart)
        let (base, opened) = try await MenuEditPages.openedRevision(form, in: menu.store)
        let (section, found) = try MenuDishPages.place(form, in: opened.menu)
        guard let index = found,
            let was = opened.menu.details(at: MenuPlace(section: section, index: index))
        else {
            throw RequestError(.badRequest, "Save the dish first, then give it a photo.")
                .field("index")
        }
        var dish = was
        let alt = (form["alt"] ?? "").trimmingCharacters(in: .whitespaces)
        var problem: String?
        if form["remove"] == "yes" {
            dish.photo = nil
        } else if let file = multipart.part(named: "photo"), file.filename != nil,
            !file.body.isEmpty
        {
            do {
                let prepared = try menu.preparer.prepare(file.body)
                try await menu.photos.save(prepared)
                dish.photo = DishPhoto(id: prepared.id, alt: alt)
            } catch let refusal as DishPhotoError {
                problem = "The photo: \(refusal)."
            }
        } else if let photo = was.photo {
            dish.photo = DishPhoto(id: photo.id, alt: alt)
        } else {
            problem = "The photo: choose a JPEG, PNG or WebP file."
        }
        var changed = opened.menu
        if problem == nil {
            do {
                changed = try opened.menu.replacing(
                    at: MenuPlace(section: section, index: index), with: dish)
            } catch let refusal as MenuEditError where refusal.field == "photo_alt" {
                problem = "What the photo shows: \(refusal.problem)."
            } catch {
                problem = "\(error)."
            }
        }
        if let problem {
            var context = MenuDishPages.form(
                was, price: Currency.plainText(was.price), section: section, index: index,
                revision: base, currency: opened.menu.currency.code,
                languages: opened.menu.languages)
            context["photoProblem"] = problem
            context["photoAlt"] = alt
            return renderer.page(
                "menu-dish", title: was.name, context: context, request: request,
                status: .badRequest)
        }
        let dishPage = "/menu/dish?section=\(section.rawValue)&index=\(index)"
        guard changed != opened.menu else {
            return Response(status: .seeOther, headers: [.location: dishPage + "&saved=none"])
        }
        let note =
            switch (was.photo, dish.photo) {
            case (_, nil): "took the photo of \(dish.name) away"
            case (nil, _): "gave \(dish.name) a photo"
            case (let old?, let new?) where old.id == new.id:
                "changed the words of \(dish.name)'s photo"
            default: "changed the photo of \(dish.name)"
            }
        do {
            let saved = try await menu.store.save(
                changed, basedOn: base, by: SignedInUser.reviewer, note: note)
            // The dish's page again, with its photo: a reload does not send the photo twice.
            return Response(
                status: .seeOther, headers: [.location: dishPage + "&saved=\(saved.number)"])
        } catch let conflict as MenuConflictError {
            let current = try await menu.current()
            var context = MenuDishPages.form(
                current.menu.details(at: MenuPlace(section: section, index: index)) ?? was,
                price: Currency.plainText(was.price), section: section, index: index,
                revision: current.number, currency: current.menu.currency.code,
                languages: current.menu.languages)
            context["photoProblem"] =
                "The menu was saved as revision \(current.number) after this page was opened at revision \(conflict.base.map(String.init) ?? "none"), so the photo was not given: this page is the menu as it is now; choose the photo again."
            context["photoAlt"] = alt
            return renderer.page(
                "menu-dish", title: was.name, context: context, request: request,
                status: .conflict)
        }
    }
}
