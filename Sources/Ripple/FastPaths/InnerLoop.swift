// `merge` and `flatMap` run the loop of an inner `range`, `of` or `from` an array
// themselves (`MergeInner` in `Merge.swift`), instead of subscribing the inner
// sequence: no sink, no `SinkDisposer` and no lookup of the sink's generic type.
//
// What must not change (`FlatMapLoopTests`): the elements, their interleaving with the
// other inner sequences on the trampoline, and the completion, as the inner
// `TrampolineLoopSink` would send them.
//
// Asking whether an inner sequence is a `LoopProducer<Element>` is a class cast, but in
// `merge`'s code, which is not specialised, that cast first looks the generic type
// `LoopProducer<Element>` up in the runtime (about 350 instructions, a third of a ten
// element inner sequence). Whether a class descends from `LoopProducer` never changes,
// so the answer is kept for the last class seen either way, in two process-wide words:
// an inner sequence of the class seen last costs two loads and a compare.

extension Observable {
    /// This sequence as a ``LoopProducer`` whose elements a loop on the current-thread
    /// trampoline sends, or `nil`: for every other sequence, and for a loop producer on
    /// another scheduler or with the fast paths off (its ``LoopProducer/loopCount`` is
    /// `nil` then). Inlined into merge's inner observer, where it replaced a call.
    @inline(__always)
    final func asLoopProducer() -> LoopProducer<Element>? {
        guard isLoopProducer else {
            return nil
        }
        // A class descending from `LoopProducer` that is an `Observable<Element>`
        // descends from `LoopProducer<Element>`: one class has one superclass chain.
        let loopProducer = unsafeDowncast(self, to: LoopProducer<Element>.self)
        return loopProducer.loopCount == nil ? nil : loopProducer
    }

    /// Whether this sequence's class descends from `LoopProducer`: remembered for the
    /// last class seen each way. A word holds the whole answer for the class it names,
    /// so threads racing on it store answers that are each right; relaxed loads do.
    private final var isLoopProducer: Bool {
        @inline(__always) get {
            let bits = Int(bitPattern: ObjectIdentifier(type(of: self)))
            let loopClasses: AtomicView<Int> = GlobalAtomicWord.lastLoopProducerClass.view()
            if loopClasses.load(ordering: .relaxed) == bits {
                return true
            }
            let otherClasses: AtomicView<Int> = GlobalAtomicWord.lastOtherClass.view()
            if otherClasses.load(ordering: .relaxed) == bits {
                return false
            }
            return learnIsLoopProducer(classBits: bits)
        }
    }

    /// Asks the runtime, once per change of class, and remembers the answer. Out of
    /// line: it looks `LoopProducer<Element>` up.
    @inline(never)
    private final func learnIsLoopProducer(classBits bits: Int) -> Bool {
        let isLoopProducer = self is LoopProducer<Element>
        let word: GlobalAtomicWord = isLoopProducer ? .lastLoopProducerClass : .lastOtherClass
        let view: AtomicView<Int> = word.view()
        view.store(bits, ordering: .relaxed)
        return isLoopProducer
    }
}
