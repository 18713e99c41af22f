// Every fast path of Ripple: a second road that does what an operator's plain path does,
// with fewer objects or calls. Each one must be indistinguishable from the plain path it
// replaces (same events, same order, same subscriptions and disposals); the test named
// beside it proves that, and the Benchmarks.md line beside it is why it exists.
//
// | fast path | where | plain path | proved by | pays for |
// |---|---|---|---|---|
// | three or more adjacent `map`/`filter`/`compactMap` run in one sink | Fusion.swift | one sink per operator | FusionTests | `deep_chain` |
// | `map` then `filter`, `filter` then `map`, in one sink | MapFilter.swift | two sinks | FusionTests | `map_filter` |
// | `just(x).subscribe(onNext:…)` calls the closures at once, no observer | JustAtOnce.swift (`subscribeAtOnce`, a cast to `Just` inlined into your code) | a `SubscribeObserver` | JustTests | `subscribe_dispose` |
// | `merge`/`flatMap` run an inner `range`/`of`/`from`'s loop themselves | InnerLoop.swift (`asLoopProducer`, a cast to `LoopProducer` remembered per class), run by Merge.swift | the inner sequence subscribed | FlatMapLoopTests | `flatmap` |
// | `range`, `of`, `from`, `generate`, `repeatElement` on the trampoline send in a loop | Core+TrampolineLoop.swift (`canRunLoop`) | one `scheduleRecursive` step per element | RangeTests, FromTests | `map_filter`, `flatmap` |
//
// Not fast paths, so not switched: `concat` unfolding a `deferred` (and `just(x).flatMap`,
// which is one) keeps recursive paging in constant stack, a guarantee (Guarantees.md,
// "Depth") rather than a speed-up.
//
// No fast path hooks into the root class `Observable`: each asks, here, whether a
// sequence is of its class (a class cast, no protocol conformance lookup).
//
// `RIPPLE_PLAIN_PATHS=1` in the environment turns every fast path off for the process:
// CI runs the whole test suite that way too, so each plain path meets the same
// expectations as its fast path. The journey trace follows whichever road runs.

/// Whether the fast paths listed above run: `false` when the process was started with
/// `RIPPLE_PLAIN_PATHS` set. Read when a chain is built or subscribed, never per element:
/// a plain load of a word the library set as it loaded (a global `let` would check its
/// lazy initialisation on every read).
@usableFromInline
var fastPathsAreOn: Bool {
    @inline(__always) get { !GlobalAtomicWord.plainPaths.view().load(ordering: .relaxed) }
}
