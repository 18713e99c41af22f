import Dispatch
import Foundation
import Ripple
import RippleTest

/// Where work runs: `observe(on:)` moves the observer's callbacks to a scheduler,
/// `subscribe(on:)` moves the subscription (and its disposal), and a virtual-time
/// scheduler makes time itself a test fixture.
let schedulersChapter = Chapter(
    name: "schedulers",
    summary: "observe(on:) and subscribe(on:) on dispatch queues and the main queue; debounce in virtual time",
    run: { _ in
        DispatchQueue.main.setSpecific(key: queueName, value: "main queue")
        print("1. The same sequence, observed on three schedulers:\n")
        observe(on: SerialDispatchQueueScheduler(queue: labelled("tour.serial"), internalSerialQueueName: "tour.serial.scheduler"), named: "serial")
        observe(on: ConcurrentDispatchQueueScheduler(queue: labelled("tour.concurrent", attributes: .concurrent)), named: "concurrent")
        observe(on: MainScheduler.instance, named: "main")

        print("\n2. subscribe(on:) moves the subscription itself:\n")
        // The source's disposal is scheduled on tour.subscriber too, after `onDisposed`
        // has run: the chapter waits for it, so its line prints under this heading.
        let done = DispatchSemaphore(value: 0)
        let sourceDisposed = DispatchSemaphore(value: 0)
        let subscription = Observable<String>.create { observer in
            print("   create closure runs on \(currentQueueLabel())")
            observer.onNext("hello")
            observer.onCompleted()
            return Disposables.create {
                print("   disposal runs on \(currentQueueLabel())")
                sourceDisposed.signal()
            }
        }
        .subscribe(on: SerialDispatchQueueScheduler(queue: labelled("tour.subscriber"), internalSerialQueueName: "tour.subscriber.scheduler"))
        .subscribe(onNext: { print("   received \($0) on \(currentQueueLabel())") },
                   onDisposed: { done.signal() })
        done.wait()
        subscription.dispose()
        sourceDisposed.wait()

        print("\n3. debounce(20) in virtual time (one marble column = 10 ticks, from tick 200):\n")
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("-abc------d---------|")
        let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
        print("   input:  \(source.recordedEvents.marbles)")
        print("   output: \(observer.events.marbles)")
        print("   events: \(observer.events.map { "\($0.value)@\($0.time)" }.joined(separator: " "))")
        print("   (a burst keeps only its last element, sent 20 ticks after it)")
    }
)

/// Subscribes to 1, 2, 3 observed on `scheduler`, prints the queue of each callback and
/// waits for completion (on the main queue, by running the main run loop meanwhile).
private func observe(on scheduler: ImmediateSchedulerType, named name: String) {
    let finished = Handshake()
    _ = Observable.of(1, 2, 3)
        .observe(on: scheduler)
        .subscribe(
            onNext: { print("   \(name): \($0) on \(currentQueueLabel())") },
            onCompleted: { finished.signal() }
        )
    while !finished.isDone {
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
    }
}

private let queueName = DispatchSpecificKey<String>()

/// A queue that `currentQueueLabel()` recognises (so do queues that target it).
private func labelled(_ label: String, attributes: DispatchQueue.Attributes = []) -> DispatchQueue {
    let queue = DispatchQueue(label: label, attributes: attributes)
    queue.setSpecific(key: queueName, value: label)
    return queue
}

/// The name of the queue running the caller, for queues made by `labelled(_:attributes:)`
/// and the main queue (labelled when the chapter starts).
func currentQueueLabel() -> String {
    DispatchQueue.getSpecific(key: queueName) ?? (Thread.isMainThread ? "main thread" : "another thread")
}

/// A flag set on one thread and polled on another.
final class Handshake: @unchecked Sendable {
    // `@unchecked Sendable`: `done` is read and written only under `lock`.
    private let lock = NSLock()
    private var done = false

    func signal() {
        lock.lock()
        done = true
        lock.unlock()
    }

    var isDone: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }
}
