import Ripple

/// The failure message of `XCTAssertEqual` for two arrays of recorded events, or `nil`
/// when they are equal.
///
/// It shows both arrays as marble diagrams one above the other when every event of
/// both sits on a 10-tick grid (the first column at 200 when no event is earlier,
/// otherwise at 0), then the events as a diff:
///
/// ```
/// Recorded events are not equal (first: 3 events, second: 3 events).
/// marbles, 10 ticks per column from 200:
///   first:  --1--2--|
///   second: --1--3--|
/// events ("-" only in the first, "+" only in the second):
///     next(1) @ 220
///   - next(2) @ 250
///   + next(3) @ 250
///     completed @ 280
/// ```
func recordedEventsMismatch<Element: Equatable>(_ first: [Recorded<Event<Element>>], _ second: [Recorded<Event<Element>>]) -> String? {
    guard first != second else { return nil }
    var message = "Recorded events are not equal (first: \(eventCount(first.count)), second: \(eventCount(second.count)))."
    if let marbles = sideBySideMarbles(first, second) {
        message += "\n" + marbles
    }
    message += "\nevents (\"-\" only in the first, \"+\" only in the second):"
    for line in differenceLines(first, second, describe: { "\($0.value) @ \($0.time)" }) {
        message += "\n" + line
    }
    return message
}

/// The failure message of `XCTAssertEqual` for two arrays of events, or `nil` when
/// they are equal: a diff of the events.
///
/// ```
/// Events are not equal (first: 2 events, second: 3 events).
/// events ("-" only in the first, "+" only in the second):
///     next(1)
///   + next(2)
///     completed
/// ```
func eventsMismatch<Element: Equatable>(_ first: [Event<Element>], _ second: [Event<Element>]) -> String? {
    eventsMismatch(first, second, equal: { $0 == $1 })
}

/// ``eventsMismatch(_:_:)`` for events compared by `equal`: the trait events
/// (`SingleEvent` is a `Result` over `Swift.Error`, so it cannot be `Equatable`).
///
/// ```
/// Events are not equal (first: 1 event, second: 1 event).
/// events ("-" only in the first, "+" only in the second):
///   - success(1)
///   + success(2)
/// ```
func eventsMismatch<Item>(_ first: [Item], _ second: [Item], equal: @escaping (Item, Item) -> Bool) -> String? {
    let left = first.map { ComparedBy(item: $0, equal: equal) }
    let right = second.map { ComparedBy(item: $0, equal: equal) }
    guard left != right else { return nil }
    var message = "Events are not equal (first: \(eventCount(first.count)), second: \(eventCount(second.count)))."
    message += "\nevents (\"-\" only in the first, \"+\" only in the second):"
    for line in differenceLines(left, right, describe: { "\($0.item)" }) {
        message += "\n" + line
    }
    return message
}

/// An item that compares with the closure it carries, so the diff, which needs
/// `Equatable`, can run over events that are not.
private struct ComparedBy<Item>: Equatable {
    let item: Item
    let equal: (Item, Item) -> Bool

    static func == (lhs: ComparedBy, rhs: ComparedBy) -> Bool {
        lhs.equal(lhs.item, rhs.item)
    }
}

private func eventCount(_ count: Int) -> String {
    count == 1 ? "1 event" : "\(count) events"
}

/// Both arrays drawn on the 10-tick grid, or `nil` when either has an event off it or
/// the drawing would be too wide to read.
private func sideBySideMarbles<Element>(_ first: [Recorded<Event<Element>>], _ second: [Recorded<Event<Element>>]) -> String? {
    let times = (first + second).map(\.time)
    let origin: TestTime
    if times.allSatisfy({ $0 >= TestScheduler.Defaults.subscribed }) {
        origin = TestScheduler.Defaults.subscribed
    } else if times.allSatisfy({ $0 >= 0 }) {
        origin = 0
    } else {
        return nil
    }
    let renderer = MarbleRenderer(subscribed: origin, ticksPerCharacter: 10)
    let top = renderer.render(first, symbol: MarbleRenderer.defaultSymbol)
    let bottom = renderer.render(second, symbol: MarbleRenderer.defaultSymbol)
    guard top.isOnGrid, bottom.isOnGrid, max(top.text.count, bottom.text.count) <= 120 else {
        return nil
    }
    return "marbles, 10 ticks per column from \(origin):\n  first:  \(top.text)\n  second: \(bottom.text)"
}

/// The lines of a diff of `first` against `second`: a longest common subsequence kept
/// as context (`    `), the rest marked `  - ` (only in `first`) or `  + ` (only in
/// `second`). Very long arrays are compared position by position instead.
func differenceLines<Item: Equatable>(_ first: [Item], _ second: [Item], describe: (Item) -> String) -> [String] {
    let same = "    ", removed = "  - ", added = "  + "
    let n = first.count, m = second.count
    guard n * m <= 1_000_000 else {
        var lines: [String] = []
        for index in 0..<max(n, m) {
            let left = index < n ? first[index] : nil
            let right = index < m ? second[index] : nil
            if let left, let right, left == right {
                lines.append(same + describe(left))
                continue
            }
            if let left { lines.append(removed + describe(left)) }
            if let right { lines.append(added + describe(right)) }
        }
        return lines
    }
    // common[i][j]: the length of the longest common subsequence of first[i...] and second[j...].
    var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            common[i][j] = first[i] == second[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var lines: [String] = []
    var i = 0, j = 0
    while i < n || j < m {
        if i < n, j < m, first[i] == second[j] {
            lines.append(same + describe(first[i]))
            i += 1
            j += 1
        } else if j == m || (i < n && common[i + 1][j] >= common[i][j + 1]) {
            lines.append(removed + describe(first[i]))
            i += 1
        } else {
            lines.append(added + describe(second[j]))
            j += 1
        }
    }
    return lines
}
