import Ripple

/// The journey of an event, after the seed's teaching repository: `create` emits 1, 2
/// and completes; `subscribe` passes four closures. With `--trace`, every step the
/// library takes is printed, numbered, between the lines your closures print. Then a
/// chain of three operators, whose trace shows them fused into one sink.
let journeyChapter = Chapter(
    name: "journey",
    summary: "create → subscribe → Producer.run → Sink → AnyObserver → ObserverBase → your closure",
    run: { options in
        print("""
        let observable = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        observable.subscribe(onNext:onError:onCompleted:onDisposed:)

        """)
        let journey = {
            let observable = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
            _ = observable.subscribe(
                onNext: { print("next \($0)") },
                onError: { print("error \($0)") },
                onCompleted: { print("completed") },
                onDisposed: { print("dispose done") }
            )
        }
        if options.trace {
            JourneyTrace.trace(journey, onStep: { step in
                print("    \(step.number). \(step.type).\(step.member) — \(step.note)")
            })
        } else {
            journey()
        }
        // A chain of operators is a chain of sinks, but three or more adjacent `map`,
        // `filter` and `compactMap` (and a `map` with a `filter`) are fused into one:
        // the trace says where.
        print("""

        Observable.of(1, 2, 3).map { $0 * 10 }.filter { $0 > 10 }.map { "#\\($0)" }
            .subscribe(onNext:)

        """)
        let chain = {
            _ = Observable.of(1, 2, 3)
                .map { $0 * 10 }
                .filter { $0 > 10 }
                .map { "#\($0)" }
                .subscribe(onNext: { print("next \($0)") })
        }
        if options.trace {
            // The filter below leaves gaps in the numbering (5, then 15, 20 …): say why.
            print("""
                (Only the fused sink's step and your closure's are shown, under their numbers in the
                whole trace. The steps left out between them are of the kinds the first example shows:
                the subscription (Producer.subscribe, SinkDisposer), the source's sink handing each
                element to the FusedSink (Sink.forwardOn), the observer, and disposal.)

            """)
            JourneyTrace.trace(chain, onStep: { step in
                guard step.type == "FusedProducer" || step.type == "your code" else { return }
                print("    \(step.number). \(step.type).\(step.member) — \(step.note)")
            })
        } else {
            chain()
            print("\n(run `swift run ripple-tour journey --trace` to see each step inside Ripple)")
        }
    }
)
