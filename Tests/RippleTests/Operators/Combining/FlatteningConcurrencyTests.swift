import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// Inner sequences sending from several threads at once, racing each other, their
    /// terminal events and disposal: thousands of rounds, checking each time that the
    /// observer is never called by two threads at once, hears each source's elements
    /// in order, gets at most one terminal event and nothing after dispose returns.
    @Suite struct FlatteningConcurrencyTests {
        static let rounds = 1_000

        /// Whether `elements`, filtered by `belongs`, are increasing.
        static func increasing(_ elements: [Int], where belongs: (Int) -> Bool) -> Bool {
            let picked = elements.filter(belongs)
            return zip(picked, picked.dropFirst()).allSatisfy { $0 < $1 }
        }

        @Test func mergedSourcesSendingFromSeveralThreadsReachTheObserverOneAtATime() {
            for _ in 0..<Self.rounds {
                let sources = [ManualSource<Int>(), ManualSource<Int>(), ManualSource<Int>()]
                let probe = Flattening.SerialityProbe<Int>()
                let subscription = Observable.merge(sources.map(\.observable)).subscribe(probe)
                DispatchQueue.concurrentPerform(iterations: sources.count) { index in
                    for value in 0..<40 {
                        sources[index].onNext(index * 1_000 + value)
                    }
                    sources[index].onCompleted()
                }
                #expect(probe.waitForTerminal())
                let elements = probe.elements
                #expect(elements.count == 120)
                for index in 0..<sources.count {
                    #expect(Self.increasing(elements) { $0 / 1_000 == index })
                }
                #expect(probe.terminalEvents.count == 1 && probe.terminalEvents.first?.isCompleted == true)
                #expect(probe.eventsAfterTerminal == 0)
                #expect(probe.mostConcurrentCalls == 1)
                subscription.dispose()
                sources.forEach { $0.release() }
            }
        }

        @Test func disposingWhileInnerSequencesSendStopsDeliveryAndDisposesEveryone() {
            for _ in 0..<Self.rounds {
                let outer = ManualSource<Int>()
                let inners = [ManualSource<Int>(), ManualSource<Int>(), ManualSource<Int>()]
                let probe = Flattening.SerialityProbe<Int>()
                let subscription = Unchecked(outer.observable.flatMap { inners[$0].observable }.subscribe(probe))
                for index in inners.indices {
                    outer.onNext(index)
                }
                DispatchQueue.concurrentPerform(iterations: inners.count + 1) { index in
                    if index < inners.count {
                        for value in 0..<40 {
                            inners[index].onNext(value)
                        }
                    } else {
                        subscription.value.dispose()
                    }
                }
                let delivered = probe.elementCount
                for inner in inners {
                    inner.onNext(-1)
                    inner.onCompleted()
                }
                #expect(probe.elementCount == delivered, "an element arrived after dispose had returned")
                #expect(probe.terminalEvents.isEmpty)
                #expect(probe.mostConcurrentCalls <= 1)
                #expect(outer.disposals.value == 1)
                #expect(inners.allSatisfy { $0.disposals.value == 1 })
                outer.release()
                inners.forEach { $0.release() }
            }
        }

        @Test func racingInnerErrorsDeliverExactlyOneTerminalEvent() {
            for _ in 0..<Self.rounds {
                let sources = [ManualSource<Int>(), ManualSource<Int>(), ManualSource<Int>()]
                let probe = Flattening.SerialityProbe<Int>()
                let subscription = Observable.from(sources.map(\.observable)).merge(maxConcurrent: 3).subscribe(probe)
                DispatchQueue.concurrentPerform(iterations: sources.count) { index in
                    for value in 0..<10 {
                        sources[index].onNext(value)
                    }
                    if index == 2 {
                        sources[index].onCompleted()
                    } else {
                        sources[index].onError(TestError(id: index))
                    }
                }
                #expect(probe.waitForTerminal())
                #expect(probe.terminalEvents.count == 1 && probe.terminalEvents.first?.error != nil)
                #expect(probe.eventsAfterTerminal == 0)
                #expect(probe.mostConcurrentCalls == 1)
                #expect(sources.allSatisfy { $0.disposals.value == 1 })
                subscription.dispose()
                sources.forEach { $0.release() }
            }
        }

        @Test func switchingWhileTheReplacedInnerSequenceSendsNeverLetsItsElementsFollowTheNewOnes() {
            for _ in 0..<Self.rounds {
                let outer = ManualSource<Int>()
                let inners = [ManualSource<Int>(), ManualSource<Int>()]
                let probe = Flattening.SerialityProbe<Int>()
                let subscription = outer.observable.flatMapLatest { inners[$0].observable }.subscribe(probe)
                outer.onNext(0)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        for value in 0..<60 {
                            inners[0].onNext(value)
                        }
                    } else {
                        outer.onNext(1)
                        for value in 0..<30 {
                            inners[1].onNext(1_000 + value)
                        }
                        inners[1].onCompleted()
                    }
                }
                outer.onCompleted()
                #expect(probe.waitForTerminal())
                let elements = probe.elements
                let firstOfSecond = elements.firstIndex { $0 >= 1_000 } ?? elements.endIndex
                #expect(elements[firstOfSecond...] == ArraySlice(1_000..<1_030))
                #expect(Self.increasing(elements) { $0 < 1_000 })
                #expect(probe.terminalEvents.count == 1 && probe.terminalEvents.first?.isCompleted == true)
                #expect(probe.mostConcurrentCalls == 1)
                #expect(inners[0].disposals.value == 1)
                subscription.dispose()
                outer.release()
                inners.forEach { $0.release() }
            }
        }

        @Test func racingSourcesLetExactlyOneWinTheAmb() {
            for _ in 0..<Self.rounds {
                let sources = [ManualSource<Int>(), ManualSource<Int>()]
                let probe = Flattening.SerialityProbe<Int>()
                let subscription = sources[0].observable.amb(sources[1].observable).subscribe(probe)
                DispatchQueue.concurrentPerform(iterations: sources.count) { index in
                    for value in 0..<30 {
                        sources[index].onNext(index * 1_000 + value)
                    }
                    sources[index].onCompleted()
                }
                #expect(probe.waitForTerminal())
                let elements = probe.elements
                let winner = elements.first.map { $0 / 1_000 } ?? -1
                #expect(elements == Array(winner * 1_000..<winner * 1_000 + 30))
                #expect(probe.terminalEvents.count == 1)
                #expect(probe.mostConcurrentCalls == 1)
                #expect(sources.allSatisfy { $0.disposals.value == 1 })
                subscription.dispose()
                sources.forEach { $0.release() }
            }
        }

        @Test func sourcesCompletingOnOtherThreadsAreConcatenatedInOrder() {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            for _ in 0..<20 {
                let concatProbe = Flattening.SerialityProbe<Int>()
                let concatMapProbe = Flattening.SerialityProbe<Int>()
                let concat = Observable.concat((0..<50).map { Observable.just($0).subscribe(on: scheduler) })
                    .subscribe(concatProbe)
                let concatMap = Observable.range(start: 0, count: 50)
                    .concatMap { Observable.just($0).subscribe(on: scheduler) }
                    .subscribe(concatMapProbe)
                for probe in [concatProbe, concatMapProbe] {
                    #expect(probe.waitForTerminal())
                    #expect(probe.elements == Array(0..<50))
                    #expect(probe.terminalEvents.count == 1 && probe.terminalEvents.first?.isCompleted == true)
                    #expect(probe.mostConcurrentCalls == 1)
                }
                concat.dispose()
                concatMap.dispose()
            }
        }
    }
}
