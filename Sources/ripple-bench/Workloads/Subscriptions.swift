import Dispatch
import Ripple

// Subscription cost and scheduler hops: subscribe_dispose and observe_on.

/// 100 000 × (`Observable.just(i)` subscribed with a summing `onNext`, then disposed).
/// Events: the subscriptions.
func subscribeDispose(size: Size) -> Workload {
    let count = size.scaled(100_000)
    return Workload(
        name: "subscribe_dispose",
        events: count,
        ripple: {
            var sum = 0
            for element in 0..<count {
                let subscription = Observable.just(element).subscribe(onNext: { sum &+= $0 })
                subscription.dispose()
            }
            return sum
        },
        baseline: {
            var sum = 0
            for element in 0..<opaque(count) {
                let subscription = makeSubscription { sum &+= $0 }
                subscription.deliver(element)
                subscription.dispose()
            }
            return sum
        }
    )
}

/// The plain-Swift shape of a subscription: a heap object holding the subscriber's
/// closure until it is disposed.
private final class HandWrittenSubscription {
    private var onNext: ((Int) -> Void)?

    init(onNext: @escaping (Int) -> Void) {
        self.onNext = onNext
    }

    func deliver(_ element: Int) {
        onNext?(element)
    }

    func dispose() {
        onNext = nil
    }
}

// Out of line so the object really lives on the heap, as a subscription would.
@inline(never)
private func makeSubscription(_ onNext: @escaping (Int) -> Void) -> HandWrittenSubscription {
    HandWrittenSubscription(onNext: onNext)
}

/// `range(0, 100_000)` → `observe(on: SerialDispatchQueueScheduler)` → summing
/// subscriber, waiting for `onCompleted`. The baseline sends each element to a serial
/// queue with `DispatchQueue.async`. Events: the elements.
func observeOn(size: Size) -> Workload {
    let count = size.scaled(100_000)
    return Workload(
        name: "observe_on",
        events: count,
        ripple: {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple-bench.observe_on")
            let done = DispatchSemaphore(value: 0)
            let total = QueueTotal()
            let subscription = Observable.range(start: 0, count: count)
                .observe(on: scheduler)
                .subscribe(onNext: { total.sum &+= $0 }, onCompleted: { done.signal() })
            done.wait()
            subscription.dispose()
            return total.sum
        },
        baseline: {
            let queue = DispatchQueue(label: "ripple-bench.observe_on.baseline")
            let done = DispatchSemaphore(value: 0)
            let total = QueueTotal()
            for element in 0..<opaque(count) {
                queue.async { total.sum &+= element }
            }
            queue.async { done.signal() }
            done.wait()
            return total.sum
        }
    )
}

/// A running sum written only on one serial queue and read after a semaphore wait that
/// the queue signals last; the semaphore orders the accesses, hence `@unchecked`.
private final class QueueTotal: @unchecked Sendable {
    var sum = 0
}
