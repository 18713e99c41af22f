/// A sequence that is also an observer: what you send it with `onNext`, `onError` and
/// `onCompleted`, it sends to its subscribers.
///
/// ```swift
/// let subject = PublishSubject<Int>()
/// let observer = subject.asObserver()   // the subject itself
/// subject.subscribe(onNext: { print($0) })
/// observer.onNext(1)                    // prints 1
/// ```
public protocol SubjectType: ObservableType {
    /// The type of the observer side of the subject; for Ripple's subjects, the subject
    /// itself.
    associatedtype Observer: ObserverType

    /// The observer side of the subject: what you send it, it sends on.
    ///
    /// - Returns: This value as an observer.
    func asObserver() -> Observer
}
