import Foundation
import Ripple

#if !canImport(ObjectiveC)
/// `.rx` for the notification center where it is not an `NSObject`.
///
/// On Apple platforms (and in older Linux toolchains) `NotificationCenter` is an
/// `NSObject`, so it is `ReactiveCompatible` through RippleFoundation's
/// `extension NSObject: ReactiveCompatible`. In newer Linux toolchains it comes from
/// swift-foundation and is not an `NSObject` any more; declaring the conformance here
/// would then clash with the inherited one on toolchains where it still is, so the
/// two members are declared on the class instead (a member of the class wins over the
/// protocol's, so both kinds of toolchain compile).
extension NotificationCenter {
    /// The reactive namespace for static members: `Reactive<NotificationCenter>.self`.
    ///
    /// ```swift
    /// let type: Reactive<NotificationCenter>.Type = NotificationCenter.rx
    /// ```
    public static var rx: Reactive<NotificationCenter>.Type {
        Reactive<NotificationCenter>.self
    }

    /// The reactive namespace for instance members: `Reactive(self)`.
    ///
    /// ```swift
    /// let names = NotificationCenter.default.rx.notification(.NSSystemClockDidChange)
    /// ```
    public var rx: Reactive<NotificationCenter> {
        Reactive(self)
    }
}
#endif

extension Reactive where Base: NotificationCenter {
    /// The notifications posted to this center with `name` (any name if `nil`) by
    /// `object` (any sender if `nil`), while subscribed.
    ///
    /// Each subscription adds one observer to the center; disposing the subscription
    /// removes it. The sequence never completes or fails.
    ///
    /// `object` is held weakly, as in RxSwift: the sequence does not keep the sender
    /// alive. If the sender is already gone when the sequence is subscribed, the
    /// subscription receives nothing (RxSwift would then observe every sender).
    ///
    /// ```
    /// post(.refresh):        ---p-----p--
    /// notification(.refresh): ---n-----n--
    /// ```
    ///
    /// **Where work runs.** A notification is delivered synchronously on the thread
    /// that posts it, before `post` returns. Add `observe(on:)` to move it:
    ///
    /// ```swift
    /// NotificationCenter.default.rx.notification(.userDidLogIn)
    ///     .observe(on: MainScheduler.instance)      // handle it on the main queue
    ///     .subscribe(onNext: { note in print(note.name) })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name to observe, or `nil` for every notification.
    ///   - object: The sender to observe, or `nil` for every sender.
    /// - Returns: A sequence of the matching notifications.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = base
        let hasSender = object != nil
        return Observable.create { [weak object] observer in
            if hasSender && object == nil {
                return Disposables.create()
            }
            let delivery = Handoff(observer)
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                delivery.value.on(.next(notification))
            }
            return Disposables.create {
                center.removeObserver(token)
            }
        }
    }
}
