/// The disposable that does nothing: `Disposables.create()`.
struct NopDisposable: Disposable, Sendable {
    static let noOp = NopDisposable()

    func dispose() {}
}
