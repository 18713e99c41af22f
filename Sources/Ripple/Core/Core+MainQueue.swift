import Dispatch
#if !canImport(Darwin)
internal import CDispatch
#endif

extension DispatchQueue {
    /// A key that only the main queue has a value for.
    private static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Whether the caller runs on the main queue: in work the main queue runs, in work
    /// of a queue that targets it, or on the main thread before it parks.
    ///
    /// Decided by a queue-specific value, not by `Thread.isMainThread`: on Linux, once
    /// the main thread has parked in `dispatchMain()` (which an `async` `main`, and so
    /// Swift Testing, does) it exits, and a pool thread drains the main queue, so
    /// "the main thread" and "the main queue" are not the same thing there. Work inside
    /// `someOtherQueue.sync { … }` is on `someOtherQueue` even if the thread is the main
    /// thread, as with `dispatchPrecondition(condition: .onQueue(.main))`.
    static var isMain: Bool {
        // libdispatch knows a key by the key object's address, as the overlay passes it.
        currentQueueSpecific(for: Unmanaged.passUnretained(mainQueueKey).toOpaque()) != nil
    }

    /// libdispatch's `dispatch_get_specific`, called directly: the overlay's generic
    /// `getSpecific(key:)` is not specialised for the caller and looks its type metadata
    /// up on every call (hundreds of instructions, paid per event by main-actor pipelines).
    @inline(__always)
    private static func currentQueueSpecific(for key: UnsafeRawPointer) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        __dispatch_get_specific(key)
        #else
        CDispatch.dispatch_get_specific(key)
        #endif
    }
}
