/// For data other processes change without a trace here (a database shared by several
/// servers): it always says "may have changed", so the data is read for every view.
struct ReadEveryTimeSignal: ChangeSignal {
    func drainChanges() -> Bool { true }
}
