import Foundation
import Ripple
import RippleTest

/// Search as you type, the classic Rx pipeline, run in virtual time so every step can be
/// drawn: keystrokes are debounced, repeats dropped, each query sent to a slow service
/// whose stale answers are cancelled, and a failing query answered with a fallback.
let operatorsChapter = Chapter(
    name: "operators",
    summary: "search-as-you-type: debounce → distinctUntilChanged → flatMapLatest(service) → catchAndReturn",
    run: { options in
        let scheduler = TestScheduler(initialClock: 0)
        let keystrokes: [Character: String] = [
            "a": "r", "b": "ri", "c": "rip", "d": "ripp", "e": "rip",
            "f": "rippl", "g": "ripple", "h": "rippl", "i": "ripple", "x": "boom",
        ]
        let typing = "-abc--d-----e--fg---hi---x----------|"
        let typed = scheduler.createHotObservable(typing, values: keystrokes)

        // A slow service: answers 35 ticks after a query; "boom" fails.
        func search(_ query: String) -> Observable<[String]> {
            if query == "boom" {
                return Observable<[String]>.error(ServiceUnavailable()).delaySubscription(.seconds(35), scheduler: scheduler)
            }
            let matches = ["ripple", "ripples", "rippled", "riptide"].filter { $0.hasPrefix(query) }
            return Observable.just(matches).delay(.seconds(35), scheduler: scheduler)
        }

        let queries = typed
            .debounce(.seconds(20), scheduler: scheduler)
            .distinctUntilChanged()
        let queryObserver = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) { _ = queries.subscribe(queryObserver) }
        let results = scheduler.start {
            queries.flatMapLatest { query in
                search(query).catchAndReturn(["(search failed)"])
            }
        }

        print("""
            typed.debounce(.seconds(20), scheduler: scheduler)
                .distinctUntilChanged()
                .flatMapLatest { query in search(query).catchAndReturn(["(search failed)"]) }

            one marble column = 10 ticks, from tick 200; the service answers after 35 ticks

            """)
        let legend = keystrokes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        print("   keystrokes: \(typing)   (\(legend))")
        let queryLetters: [Character: String] = ["R": "rip", "P": "ripp", "L": "ripple", "B": "boom"]
        print("   queries:    \(queryObserver.events.marbles(values: queryLetters))   (R=rip P=ripp L=ripple B=boom)")
        print("   results:")
        for event in results.events {
            print("      @\(event.time): \(event.value)")
        }
        print("""

               - the burst r, ri, rip becomes one query, "rip", 20 ticks after the last key;
               - "ripp" follows before "rip" is answered, so flatMapLatest cancels the "rip" request;
               - typing "rippl", "ripple" a second time debounces to "ripple" again, which
                 distinctUntilChanged drops: no second request;
               - "boom" fails in the service; catchAndReturn turns that into a fallback answer.
            """)
        if let directory = options.svgDirectory {
            let resultLetters = results.events.compactMap(\.value.element).map(resultLetter)
            let diagram = MarbleSVG(
                title: "search as you type: debounce, distinctUntilChanged, flatMapLatest, catchAndReturn",
                inputs: [MarbleSVG.Timeline("keystrokes", source: typed, label: { firstKey(of: $0, in: keystrokes) })],
                operator: "debounce → distinctUntilChanged → flatMapLatest(search)",
                outputs: [
                    MarbleSVG.Timeline("queries", observer: queryObserver, disposed: .max, label: { firstKey(of: $0, in: queryLetters) }),
                    MarbleSVG.Timeline("results", observer: results, label: resultLetter),
                ],
                layout: MarbleSVG.Layout(pixelsPerTick: 2.5)
            )
            let path = (directory as NSString).appendingPathComponent("operators.svg")
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try diagram.svg.write(toFile: path, atomically: true, encoding: .utf8)
                print("""

                       drew \(path): a keystroke's circle shows the first key of its text (e is drawn
                       as c: both are "rip"), a query's its letter above, a result's its number of
                       matches (\(resultLetters.joined(separator: ", "))), ! for the fallback.
                    """)
            } catch {
                print("\n   could not write \(path): \(error)")
            }
        }
    }
)

/// The alphabetically first key that stands for `text` in a marble table, or `text` itself.
private func firstKey(of text: String, in table: [Character: String]) -> String {
    table.filter { $0.value == text }.map(\.key).min().map(String.init) ?? text
}

/// A result as one short label: its number of matches, or `!` for the fallback.
private func resultLetter(_ matches: [String]) -> String {
    matches == ["(search failed)"] ? "!" : String(matches.count)
}

private struct ServiceUnavailable: Error, CustomStringConvertible {
    var description: String { "service unavailable" }
}
