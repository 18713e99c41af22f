@testable import Ripple

/// Sends `sent` one by one into a hand-fed source seen through `apply`, whose observer
/// sends `reentry(element)` back into the source from inside `onNext` (nothing when it
/// returns `nil`); then disposes. Returns the elements the observer received and how
/// many times it heard the completion. For the operators that count or stop: an
/// element sent from inside `onNext` must be counted once, and the end sent once.
func feedReentrantly(
    _ sent: [Int],
    through apply: (Observable<Int>) -> Observable<Int>,
    reentry: @escaping (Int) -> Int?
) -> (received: [Int], completions: Int) {
    var feed: AnyObserver<Int>?
    let source = Observable<Int>.create { observer in
        feed = observer
        return Disposables.create()
    }
    var received: [Int] = []
    var completions = 0
    let subscription = apply(source).subscribe(
        onNext: { element in
            received.append(element)
            if let next = reentry(element) {
                feed?.onNext(next)
            }
        },
        onCompleted: { completions += 1 }
    )
    for element in sent {
        feed?.onNext(element)
    }
    subscription.dispose()
    feed = nil  // it holds the chain, whose observer's closure holds it
    return (received, completions)
}
