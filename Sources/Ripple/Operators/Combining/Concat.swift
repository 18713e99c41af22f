extension ObservableType {
    /// Sends the elements of this sequence, then, once it has completed, those of
    /// `second`.
    ///
    /// An error from either ends the result; `second` is subscribed only after this
    /// sequence completes.
    ///
    /// ```
    /// self:   -1-2|
    /// second:     -3-4|
    /// concat: -1-2-3-4|
    /// ```
    ///
    /// ```swift
    /// cachedItems.concat(freshItems)   // the cache first, then the network
    /// ```
    ///
    /// Recursive paging runs in constant stack whatever the number of pages: a
    /// `concat` unfolds a `deferred` second sequence (and `just(x).flatMap`, which is
    /// one) in its own sink, with the same events in the same order.
    ///
    /// ```swift
    /// func pages(from number: Int) -> Observable<[Item]> {
    ///     api.load(page: number).concat(Observable.deferred {
    ///         api.hasPage(number + 1) ? pages(from: number + 1) : .empty()
    ///     })
    /// }
    /// ```
    ///
    /// - Parameter second: The sequence to continue with.
    /// - Returns: The elements of `self`, followed by those of `second`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element> where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

extension ObservableType {
    /// Concatenates the sequences of `sequence`: each is subscribed once the previous
    /// one has completed, as long as none fails.
    ///
    /// `sequence` is iterated lazily, one source at a time, so it may be long or
    /// endless. Sources that complete synchronously never deepen the stack, and a
    /// `concat` or a `deferred` appearing as a source (`[a, [b, [c, …].concat].concat]`,
    /// or a page that concatenates `deferred { nextPage }`) is unfolded into this one
    /// instead of being subscribed, at the moment it would have been subscribed, so such
    /// recursive definitions run in constant stack space too.
    ///
    /// ```
    /// a:      -12|
    /// b:         --3|
    /// concat: -12--3|
    /// ```
    ///
    /// ```swift
    /// Observable.concat(pages.lazy.map { api.load(page: $0) })
    /// ```
    ///
    /// - Parameter sequence: The sources, in order.
    /// - Returns: The elements of every source, one after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element> where Sequence.Element == Observable<Element> {
        Concat(sources: sequence, count: nil)
    }

    /// Concatenates the sequences of `collection`: each is subscribed once the previous
    /// one has completed, as long as none fails.
    ///
    /// Sources that complete synchronously never deepen the stack, however many there
    /// are.
    ///
    /// ```
    /// a:      -12|
    /// b:         --3|
    /// concat: -12--3|
    /// ```
    ///
    /// ```swift
    /// Observable.concat([intro, body, outro])
    /// ```
    ///
    /// - Parameter collection: The sources, in order.
    /// - Returns: The elements of every source, one after another.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element> where Collection.Element == Observable<Element> {
        Concat(sources: collection, count: collection.count)
    }

    /// Concatenates the given sequences: each is subscribed once the previous one has
    /// completed, as long as none fails.
    ///
    /// ```
    /// a:      -12|
    /// b:         --3|
    /// concat: -12--3|
    /// ```
    ///
    /// ```swift
    /// Observable.concat(Observable.just(1), Observable.of(2, 3))   // 1, 2, 3
    /// ```
    ///
    /// - Parameter sources: The sources, in order.
    /// - Returns: The elements of every source, one after another.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Concat(sources: sources, count: sources.count)
    }
}

/// The sources of a `concat` still to come: an iterator and, when known, how many
/// sources it still holds.
struct ConcatSources<Element> {
    var iterator: AnyIterator<Observable<Element>>
    var remaining: Int?
    /// Whether these are what an unfolding that disposes its source before completing
    /// made: the last of them, then, is disposed before its completion passes on.
    var disposeLastBeforeCompleting = false
}

/// What an ``UnfoldingProducer`` stands for.
enum Unfolded<Element> {
    /// Sources to subscribe one after another (a nested `concat`).
    case sources(ConcatSources<Element>)
    /// One source to subscribe in its place (what `deferred`'s factory made).
    case source(Observable<Element>)
}

/// A sequence that only stands for others: `concat` subscribes its sources one after
/// another, `deferred` the sequence its factory makes.
///
/// A `concat` sink that meets one among its sources unfolds it in place instead of
/// subscribing it: recursive definitions (`[a, [b, …].concat].concat`, or a page that
/// concatenates `deferred { nextPage }`) then run in one sink, so neither their
/// subscription nor their elements climb through a sink per level, and any depth runs
/// in constant stack. The sink unfolds at the moment it would have subscribed, so the
/// factory runs when it would have run.
class UnfoldingProducer<Element>: Producer<Element> {
    /// What to subscribe in place of this sequence; throws what `deferred`'s factory
    /// throws.
    func unfold() throws -> Unfolded<Element> {
        abstractMethod()
    }

    /// Whether this sequence's own sink disposes what it unfolded into before passing
    /// on its completion (`just(x).flatMap(f)`, whose inner sequence `flatMap` disposes
    /// first); a `concat` that unfolds it keeps that order.
    var disposesSourceBeforeCompleting: Bool {
        false
    }
}

/// The sequence `concat` returns. A base class apart from ``Concat`` so that a sink
/// can unfold a nested `concat` whatever its collection type.
private class ConcatBase<Element>: UnfoldingProducer<Element> {
    func makeSources() -> ConcatSources<Element> {
        abstractMethod()
    }

    override func unfold() -> Unfolded<Element> {
        .sources(makeSources())
    }
}

final private class Concat<Sources: Sequence, Element>: ConcatBase<Element> where Sources.Element == Observable<Element> {
    private let sources: Sources
    private let count: Int?

    init(sources: Sources, count: Int?) {
        self.sources = sources
        self.count = count
    }

    override func makeSources() -> ConcatSources<Element> {
        ConcatSources(iterator: AnyIterator(sources.makeIterator()), remaining: count)
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ConcatSink(observer: observer, cancel: cancel)
        let subscription = sink.run(makeSources())
        return (sink: sink, subscription: subscription)
    }
}

/// One subscription to `concat`.
///
/// Moving to the next source happens in `moveNext`, which runs one call at a time:
/// a request made while another runs (a source that completes during its own
/// subscription, or on another thread meanwhile) is counted, and the running call
/// loops instead of recursing. That keeps the stack flat for any number of sources
/// completing synchronously, and keeps RxSwift's order: the next source is subscribed
/// as soon as the current `moveNext` returns, not later on the trampoline.
///
/// Only one source is subscribed at a time, so elements are forwarded without a lock.
final private class ConcatSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let lock = Lock()
    // Guarded by `lock`.
    /// The `moveNext` requests not yet served; the caller that raises it from zero
    /// serves them all.
    private var pendingMoves = 0
    /// The subscription to the current source.
    private var current: Disposable?
    private var isSubscriptionDisposed = false
    // Read and written only by the call serving `moveNext` requests: one at a time,
    // ordered by `lock`. The nested sources being iterated, innermost last.
    private var stack: [ConcatSources<Element>] = []
    // Written by `moveNext` before it subscribes to the current source, read by that
    // source's completion. Whether an unfolding that disposes its source before
    // completing (``UnfoldingProducer/disposesSourceBeforeCompleting``) ends with the
    // current source: its subscription is then disposed before moving on, as the
    // nested sinks would have done.
    private var disposeCurrentBeforeCompleting = false

    func run(_ sources: ConcatSources<Element>) -> Disposable {
        stack.append(sources)
        requestMoveNext()
        return Disposables.create(with: disposeSubscription)
    }

    private func disposeSubscription() {
        let subscription: Disposable? = lock.withLock {
            isSubscriptionDisposed = true
            defer { current = nil }
            return current
        }
        subscription?.dispose()
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        if disposeCurrentBeforeCompleting {
            // `current` is still unset when the source completes during its own
            // subscription; it is disposed later then, as the nested sinks do.
            disposeCurrent()
        }
        requestMoveNext()
    }

    private func requestMoveNext() {
        let serve: Bool = lock.withLock {
            pendingMoves += 1
            return pendingMoves == 1
        }
        guard serve else { return }
        repeat {
            moveNext()
        } while lock.withLock({
            pendingMoves -= 1
            return pendingMoves > 0
        })
    }

    /// Subscribes to the next source, or completes when there is none.
    private func moveNext() {
        nextSource: while true {
            // Also when only the downstream has ended: a `take` that completed during
            // this synchronous subscription cannot dispose this sink yet, and the pages
            // of a recursive sequence would otherwise be unfolded forever, unheard.
            if hasEnded {
                stack.removeAll()
                dispose()
                return
            }
            guard var sources = stack.popLast() else {
                forwardCompletedAndDispose()
                return
            }
            guard var next = sources.iterator.next() else {
                continue
            }
            // A collection whose last source this is leaves the stack now, so that a
            // recursive `[a, [b, …].concat].concat` keeps the stack one level deep.
            // That last source ends what the collection ended.
            var disposeBeforeCompleting = false
            if let remaining = sources.remaining {
                if remaining > 1 {
                    sources.remaining = remaining - 1
                    stack.append(sources)
                } else {
                    disposeBeforeCompleting = sources.disposeLastBeforeCompleting
                }
            } else {
                stack.append(sources)
            }
            while let unfolding = next as? UnfoldingProducer<Element> {
                // The moment it would have been subscribed: after the finished source's
                // subscription is disposed, as `subscribe` does.
                disposeCurrent()
                disposeBeforeCompleting = disposeBeforeCompleting || unfolding.disposesSourceBeforeCompleting
                let unfolded: Unfolded<Element>
                do {
                    unfolded = try unfolding.unfold()
                } catch {
                    stack.removeAll()
                    forwardErrorAndDispose(error)
                    return
                }
                switch unfolded {
                case .sources(var nested):
                    if disposeBeforeCompleting && nested.remaining == nil {
                        // Its end is only known once its iterator runs dry, after its
                        // last source: subscribed as one source, it keeps the order.
                        next = unfolding
                        break
                    }
                    nested.disposeLastBeforeCompleting = disposeBeforeCompleting
                    stack.append(nested)
                    continue nextSource
                case .source(let source):
                    next = source
                    continue
                }
                break
            }
            disposeCurrentBeforeCompleting = disposeBeforeCompleting
            subscribe(next)
            return
        }
    }

    private func disposeCurrent() {
        let previous: Disposable? = lock.withLock {
            defer { current = nil }
            return current
        }
        previous?.dispose()
    }

    /// Disposes the finished source's subscription, then subscribes to `source`.
    private func subscribe(_ source: Observable<Element>) {
        disposeCurrent()
        let subscription = source.subscribe(elementObserver: self)
        let disposeNow: Bool = lock.withLock {
            if isSubscriptionDisposed {
                return true
            }
            current = subscription
            return false
        }
        if disposeNow {
            subscription.dispose()
        }
    }
}
