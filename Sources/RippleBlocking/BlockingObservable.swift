import Foundation
import Ripple

/// A sequence whose operators block the calling thread until the sequence has
/// produced their answer: for tests, scripts and command-line tools, never for code
/// that must stay responsive.
///
/// Made by `toBlocking(timeout:)`:
///
/// ```swift
/// let numbers = try Observable.of(1, 2, 3).toBlocking().toArray()              // [1, 2, 3]
/// let first = try ticks.toBlocking(timeout: 1).first()                         // stops the ticks after one
/// let answer = try request.toBlocking(timeout: 5).single()                     // throws RxError.timeout after 5 s
/// ```
///
/// Each operator subscribes anew, waits, and disposes its subscription before it
/// returns. It throws the sequence's error, or `RxError.timeout` when the timeout
/// given to `toBlocking` passes first.
///
/// ## Waiting
///
/// The source is subscribed on the `CurrentThreadScheduler` trampoline, so a
/// synchronous source (`of`, `range`, …) runs to its end (or until the operator has its
/// answer, so `first()` of an endless synchronous source returns) before any waiting.
/// Otherwise the calling thread waits for the answer:
///
/// - **Off the main thread**, on a semaphore, with the timeout as its deadline.
/// - **On the main thread**, by running the main `RunLoop` until the answer arrives or
///   the deadline passes. The run loop is what drains the main dispatch queue there, so
///   a source that delivers on `DispatchQueue.main` (or the main run loop) still gets
///   through while the main thread is blocked; the wait ends as soon as the answer
///   arrives (an empty block on the main queue wakes the run loop), and the run loop is
///   re-checked at least every 10 ms in case it cannot be woken that way. This is
///   what XCTest tests on Linux meet: they run on the main thread, outside any
///   main-queue block.
/// - **Inside a main-queue block** (main-actor code under Swift Testing or any `async`
///   `main`, where no run loop can drain the main queue), on the semaphore, running
///   the work Ripple has queued for the main actor whenever some arrives: so closures
///   written in main-actor code (a `map` after `observe(on:)` a background scheduler,
///   say), which Ripple runs on the main actor, still run while the caller waits, and
///   the call does not deadlock on them.
///
/// What still cannot get through while the main queue is blocked is other work on the
/// main queue: `observe(on: MainScheduler.instance)`, `DispatchQueue.main.async`, a
/// `Driver`. Such a call ends with `RxError.timeout` (or never returns, without a
/// timeout). Calling a blocking operator from inside a subscription on the same thread
/// (while the trampoline is running) has the same problem for trampolined sources.
public struct BlockingObservable<Element> {
    /// How long the operators wait, in seconds; `nil` waits for as long as it takes.
    let timeout: TimeInterval?
    /// The sequence the operators subscribe to.
    let source: Observable<Element>
}
