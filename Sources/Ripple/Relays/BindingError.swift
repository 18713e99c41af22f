/// What `bind(onNext:)` and `bind(to:)` a relay report when their source fails.
///
/// Binding is for sequences that never fail: a relay cannot take an error, and
/// `bind(onNext:)` has nowhere to send one. RxSwift stops the program in debug builds
/// (`fatalError`) and logs in release builds. Ripple never stops the program: it ends
/// the binding and hands this error, which names the binding and wraps the source's
/// error, to ``Hooks/defaultErrorHandler`` (which prints it in debug builds), with the
/// call stack of the `bind` call when ``Hooks/recordCallStackOnError`` is on.
///
/// Handle errors before binding (`catchAndReturn`, `retry`, …) to avoid it.
struct BindingError: Swift.Error, CustomStringConvertible {
    /// What was bound: "publish relay", "behavior relay", "replay relay" or nil for
    /// `bind(onNext:)`.
    let target: String?
    /// The error the source sent.
    let error: Swift.Error

    var description: String {
        let binding = target.map { "Binding error to \($0)" } ?? "Binding error"
        return "\(binding): \(error). Binding is for sequences that never fail; the binding was ended. Handle errors before binding."
    }
}

extension ObservableType {
    /// Subscribes `onNext`; an error ends the subscription and goes to
    /// ``Hooks/defaultErrorHandler`` as a ``BindingError``; completion just ends it.
    /// `onNext` runs on the actor of `isolation`, if any.
    func subscribeForBinding(to target: String?, onNext: @escaping (Element) -> Void, isolation: (any Actor)? = nil) -> any Disposable & Sendable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        return subscribe(onNext: onNext, onError: { error in
            Hooks.defaultErrorHandler(callStack, BindingError(target: target, error: error))
        }, isolation: isolation)
    }
}
