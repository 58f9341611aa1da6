import AccountsCore

/// What a form that makes a user checks before the store does (the first admin's page, the
/// admins' users page): a name a user can have, a password bcrypt reads whole, typed twice
/// alike; each problem said as the form shows it.
enum NewUserForm {
    /// What is wrong with the form's `name`, `password` and `again`; nil when nothing is.
    static func problem(name: String, password: String, again: String?) -> String? {
        if !User.isValidName(name) {
            return
                "A name is 1 to 64 of a-z, 0-9, '.', '_' and '-' (lowercase, no spaces): '\(name)' is not one."
        }
        if let problem = passwordProblem(password) { return problem }
        if password != again { return "The two passwords differ: type the same one twice." }
        return nil
    }

    /// What is wrong with `password` as one a user can have (its length in bytes, no NUL);
    /// nil when nothing is.
    static func passwordProblem(_ password: String) -> String? {
        if !Users.passwordBytes.contains(password.utf8.count) {
            return
                "A password is \(Users.passwordBytes.lowerBound) to \(Users.passwordBytes.upperBound) bytes long."
        }
        if password.utf8.contains(0) { return "A password may not hold a NUL character." }
        return nil
    }
}
