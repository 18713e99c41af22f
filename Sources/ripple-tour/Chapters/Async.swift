import Dispatch
import Ripple

/// Swift concurrency both ways: an Observable consumed with `for try await`, an
/// `AsyncStream` subscribed to as an Observable, and a consuming task cancelled
/// mid-stream, which disposes the subscription.
let asyncChapter = Chapter(
    name: "async",
    summary: "for try await over an Observable, an AsyncStream as an Observable, a task cancelled mid-stream",
    run: { _ in
        print("1. An Observable consumed with `for try await` (`values`):\n")
        runToEnd {
            let words = Observable.of("one", "two", "three").map { $0.uppercased() }
            do {
                for try await word in words.values {
                    print("   loop body receives \(word)")
                }
                print("   completed: the loop ends")
            } catch {
                print("   the loop throws \(error)")
            }
            do {
                let failing = Observable.of(1).concat(Observable<Int>.error(TourAsyncError.offline))
                for try await value in failing.values {
                    print("   loop body receives \(value)")
                }
            } catch {
                print("   an error ends it: the loop rethrows \(error)")
            }
        }

        print("\n2. An AsyncStream turned into an Observable (`asObservable()`):\n")
        let (numbers, continuation) = AsyncStream.makeStream(of: Int.self)
        let ended = DispatchSemaphore(value: 0)
        let subscription = numbers.asObservable()
            .map { $0 * 10 }
            .subscribe(
                onNext: { print("   subscriber receives \($0)") },
                onCompleted: { print("   subscriber: completed (the stream finished)") },
                onDisposed: { ended.signal() }
            )
        for value in 1...3 {
            continuation.yield(value)
        }
        continuation.finish()
        ended.wait()
        subscription.dispose()

        print("\n3. A consuming task cancelled mid-stream:\n")
        let subject = PublishSubject<Int>()
        let stream = subject
            .do(onDispose: { print("   subscription disposed (the subject loses its observer)") })
            .values
        let received = DispatchSemaphore(value: 0)
        let consumer = Task {
            var count = 0
            do {
                for try await value in stream {
                    print("   task receives \(value)")
                    count += 1
                    received.signal()
                }
            } catch is CancellationError {
                // As in RxSwift, a cancelled loop throws `CancellationError`.
                print("   the loop throws CancellationError")
            }
            return count
        }
        for value in 1...3 {
            subject.onNext(value)
            received.wait()
        }
        print("   cancelling the task")
        consumer.cancel()
        runToEnd {
            let count = (try? await consumer.value) ?? -1
            print("   the task ends after \(count) elements")
        }
        subject.onNext(4)
        print("   onNext(4) after the cancellation reaches nobody: hasObservers = \(subject.hasObservers)")
    }
)

/// The error section 1 ends a sequence with.
private enum TourAsyncError: Error {
    case offline
}

/// Runs `body` in a task and blocks until it has finished (the tour's chapters are
/// synchronous; the task runs on the concurrency pool, not on this thread).
private func runToEnd(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await body()
        done.signal()
    }
    done.wait()
}
