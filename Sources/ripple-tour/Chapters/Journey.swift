import Ripple

/// The journey of an event, after the seed's teaching repository: `create` emits 1, 2
/// and completes; `subscribe` passes four closures. With `--trace`, every step the
/// library takes is printed, numbered, between the lines your closures print.
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
            print("\n(run `swift run ripple-tour journey --trace` to see each step inside Ripple)")
        }
    }
)
