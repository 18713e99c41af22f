/// A type that can present itself as an ``Observable``: "everything is a sequence".
///
/// ```swift
/// let numbers: Observable<Int> = someTrait.asObservable()
/// ```
public protocol ObservableConvertibleType {
    /// The type of element in the sequence.
    associatedtype Element

    /// This value as an ``Observable``.
    ///
    /// - Returns: This value as an observable sequence.
    func asObservable() -> Observable<Element>
}
