import Dispatch
import Foundation
import XCTest
import Ripple
import RippleBlocking

/// The blocking operators called on the main thread while the source delivers on the
/// main queue: they must run the main run loop while they wait, or they would wait
/// for themselves.
///
/// This is XCTest rather than Swift Testing on purpose: on Linux, XCTest runs its
/// tests on the real main thread, outside any main-queue block, which is exactly where
/// RxBlocking users call `toBlocking()`; Swift Testing runs tests (even main-actor
/// ones) on other threads, where this path cannot be reached.
final class RippleBlockingMainThreadTests: XCTestCase {
    private var resourcesBefore: Int32 = 0

    override func setUp() {
        super.setUp()
        resourcesBefore = Resources.total
    }

    override func tearDown() {
        // The same leak check as the Swift Testing suites: every Ripple object this
        // test made is released, allowing work on other queues a moment to finish.
        let deadline = Date(timeIntervalSinceNow: 2)
        while Resources.total != resourcesBefore, Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        XCTAssertEqual(Resources.total, resourcesBefore, "Ripple objects leaked")
        super.tearDown()
    }

    /// A source that sends `events` on `queue` `delay` seconds after each subscription.
    private func delivered(_ events: [Event<Int>], on queue: DispatchQueue, after delay: TimeInterval) -> Observable<Int> {
        Observable.create { observer in
            let observer = Unchecked(observer)
            queue.asyncAfter(deadline: .now() + delay) {
                for event in events {
                    observer.value.on(event)
                }
            }
            return Disposables.create()
        }
    }

    func testMainQueueDeliveryArrivesWhileTheMainThreadWaits() throws {
        XCTAssertTrue(Thread.isMainThread)
        let source = delivered([.next(1), .next(2), .completed], on: .main, after: 0.02)
        XCTAssertEqual(try source.toBlocking(timeout: 1).toArray(), [1, 2])
    }

    func testFirstFromTheMainQueueReturnsAtOnce() throws {
        let start = Date()
        XCTAssertEqual(try delivered([.next(7)], on: .main, after: 0.01).toBlocking(timeout: 1).first(), 7)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    }

    func testOtherQueueDeliveryWakesTheMainThreadPromptly() throws {
        let start = Date()
        XCTAssertEqual(try delivered([.next(3), .completed], on: .global(), after: 0.02).toBlocking(timeout: 1).single(), 3)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    }

    func testTimeoutOnTheMainThread() {
        let start = Date()
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).toArray()) { error in
            guard case RxError.timeout? = error as? RxError else {
                return XCTFail("expected RxError.timeout, got \(error)")
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(elapsed, 0.05)
        XCTAssertLessThan(elapsed, 0.2)
    }
}
