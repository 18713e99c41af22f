import Ripple

/// Two `SingleEvent`s are equal when both succeed with equal elements or both fail
/// with equal errors (compared as `Event` errors are: equal `Equatable` values, or
/// the same type and description).
///
/// `SingleEvent` is `Result<Element, Swift.Error>`, which cannot gain an `Equatable`
/// conformance of its own (`Swift.Error` is not `Equatable`), so this is an operator.
///
/// ```swift
/// #expect(Result<Int, Swift.Error>.success(1) == .success(1))
/// ```
///
/// - Parameters:
///   - lhs: A Single event.
///   - rhs: Another Single event.
/// - Returns: `true` when the two events are equal.
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): left == right
    case (.failure(let left), .failure(let right)): errorsAreEqual(left, right)
    default: false
    }
}

/// Two `SingleEvent`s differ when they are not `==`.
///
/// - Parameters:
///   - lhs: A Single event.
///   - rhs: Another Single event.
/// - Returns: `true` when the two events are not equal.
public func != <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    !(lhs == rhs)
}

/// Maybe events compare equal when their elements do; errors compare as `Event`
/// errors do.
///
/// ```swift
/// #expect(MaybeEvent<Int>.completed == .completed)
/// ```
extension MaybeEvent: Equatable where Element: Equatable {
    /// Whether two Maybe events are the same kind with equal elements, or errors that
    /// compare equal as `Event` errors do.
    ///
    /// ```swift
    /// #expect(MaybeEvent.success(1) == .success(1))
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A Maybe event.
    ///   - rhs: Another Maybe event.
    /// - Returns: `true` when the two events are equal.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): left == right
        case (.error(let left), .error(let right)): errorsAreEqual(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

/// Completable events compare equal when both complete, or both fail with errors that
/// compare equal as `Event` errors do.
///
/// ```swift
/// #expect(CompletableEvent.completed == .completed)
/// ```
extension CompletableEvent: Equatable {
    /// Whether both events complete, or both fail with errors that compare equal as
    /// `Event` errors do.
    ///
    /// ```swift
    /// #expect(CompletableEvent.completed == .completed)
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A Completable event.
    ///   - rhs: Another Completable event.
    /// - Returns: `true` when the two events are equal.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let left), .error(let right)): errorsAreEqual(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}
