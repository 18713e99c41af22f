import Ripple

/// Recorded events drawn back as a marble diagram. The syntax is in <doc:Marbles>.
extension Array where Element: RecordedEventConvertible {
    /// The events as a marble diagram, 10 ticks per column, whose first column is at
    /// 200 (when ``TestScheduler/start(_:)`` subscribes).
    ///
    /// ```swift
    /// let source = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
    /// let observer = scheduler.start { source.asObservable() }
    /// #expect(observer.events.marbles == "--1--2--|")
    /// ```
    ///
    /// Each element is written as its description when that is one character (other
    /// than a marble symbol), otherwise in braces (`{10}`, which like a group takes a
    /// column per character); every error is `#`; events at the same time are grouped
    /// (`(ab)`). An event that cannot be drawn in its own column (its time is not on
    /// the 10-tick grid, is before 200, or falls inside the columns of an earlier group
    /// or brace) is written as `[time:symbol]` at the column its time falls in (or
    /// where the diagram has got to), and the bracket takes no column: `1` at 210, `2`
    /// at 235 and completion at 300 draw as `-1-[235:2]-------|`. Without its brackets
    /// a drawing is an exact time axis, and it never hides a time.
    ///
    /// Use ``marbles(values:errors:ticksPerCharacter:subscribed:)`` to draw elements
    /// with the letters of a `values:` table.
    public var marbles: String {
        MarbleRenderer(subscribed: TestScheduler.Defaults.subscribed, ticksPerCharacter: 10)
            .render(self, symbol: MarbleRenderer.defaultSymbol).text
    }

    /// The events as a marble diagram with `ticksPerCharacter` ticks per column, whose
    /// first column is at `subscribed`; elements and errors are drawn as in ``marbles``.
    ///
    /// ```swift
    /// // events at 0, 5 and 10, relative to a subscription:
    /// recorded.marbles(ticksPerCharacter: 5, subscribed: 0)   // "12|"
    /// ```
    ///
    /// - Parameters:
    ///   - ticksPerCharacter: How many ticks each column is worth (at least 1).
    ///   - subscribed: The time of the first column.
    /// - Returns: The marble diagram of the events.
    public func marbles(ticksPerCharacter: TestTime, subscribed: TestTime = TestScheduler.Defaults.subscribed) -> String {
        precondition(ticksPerCharacter > 0, "ticksPerCharacter is \(ticksPerCharacter); it must be at least 1")
        return MarbleRenderer(subscribed: subscribed, ticksPerCharacter: ticksPerCharacter)
            .render(self, symbol: MarbleRenderer.defaultSymbol).text
    }

    /// The events as a marble diagram that writes each element as its key in `values`
    /// and each error as its key in `errors`: the inverse of
    /// ``TestScheduler/createHotObservable(_:values:errors:ticksPerCharacter:subscribed:file:line:)->TestableObservable<Element>``
    /// and ``Recorded/events(marbles:values:errors:ticksPerCharacter:subscribed:file:line:)->[Recorded<Event<Element>>]``.
    ///
    /// ```swift
    /// let values: [Character: Int] = ["a": 10, "b": 20]
    /// #expect(observer.events.marbles(values: values) == "--a--b--|")
    /// ```
    ///
    /// An element missing from `values` is drawn by its description, an error missing
    /// from `errors` as `#`; the timing rules are those of ``marbles``. When several
    /// keys hold the same value, the first in alphabetical order is used.
    ///
    /// - Parameters:
    ///   - values: The letter or digit to draw for each element.
    ///   - errors: The letter to draw for each error.
    ///   - ticksPerCharacter: How many ticks each column is worth (at least 1).
    ///   - subscribed: The time of the first column.
    /// - Returns: The marble diagram of the events.
    public func marbles(
        values: [Character: Element.Value.Element],
        errors: [Character: Swift.Error] = [:],
        ticksPerCharacter: TestTime = 10,
        subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) -> String where Element.Value.Element: Equatable {
        precondition(ticksPerCharacter > 0, "ticksPerCharacter is \(ticksPerCharacter); it must be at least 1")
        let valueKeys = values.sorted { $0.key < $1.key }
        let errorKeys = errors.sorted { $0.key < $1.key }
        return MarbleRenderer(subscribed: subscribed, ticksPerCharacter: ticksPerCharacter).render(self) { event in
            switch event {
            case .next(let element):
                if let key = valueKeys.first(where: { $0.value == element })?.key {
                    return String(key)
                }
            case .error(let error):
                if let key = errorKeys.first(where: { errorsAreEqual($0.value, error) })?.key {
                    return String(key)
                }
            case .completed:
                break
            }
            return MarbleRenderer.defaultSymbol(event)
        }.text
    }
}

/// Draws recorded events on a grid of columns `ticksPerCharacter` wide, the first at
/// `subscribed`: the inverse of ``MarbleDiagram``.
struct MarbleRenderer {
    let subscribed: TestTime
    let ticksPerCharacter: TestTime

    /// A drawn diagram.
    struct Drawing {
        /// The diagram.
        let text: String
        /// Whether every event sits in its own column as one character, so that
        /// reading `text` back gives the same times.
        let isOnGrid: Bool
    }

    /// `|` for completion, `#` for any error, and the element's description when it is
    /// one character that is not a marble symbol, otherwise the description in braces.
    static func defaultSymbol<Element>(_ event: Event<Element>) -> String {
        switch event {
        case .completed:
            return "|"
        case .error:
            return "#"
        case .next(let element):
            let description = String(describing: element)
            if description.count == 1, let character = description.first, isPlainSymbol(character) {
                return description
            }
            return "{\(description)}"
        }
    }

    /// Whether `character` can stand for a value on its own.
    static func isPlainSymbol(_ character: Character) -> Bool {
        !character.isWhitespace && !MarbleDiagram.reservedCharacters.contains(character)
            && !"[]{}".contains(character)
    }

    /// Draws `events` in order; consecutive events at the same time form a group.
    func render<Events: Sequence>(_ events: Events, symbol: (Event<Events.Element.Value.Element>) -> String) -> Drawing
    where Events.Element: RecordedEventConvertible {
        var text = ""
        var column = 0
        var isOnGrid = true
        var pending: (time: TestTime, symbols: [String])?

        func draw(time: TestTime, symbols: [String]) {
            let body = symbols.count == 1 ? symbols[0] : "(" + symbols.joined() + ")"
            if symbols.contains(where: { $0.count != 1 }) {
                isOnGrid = false
            }
            let offset = time - subscribed
            let frame = offset >= 0 ? offset / ticksPerCharacter : -1
            if frame > column {
                text += String(repeating: "-", count: frame - column)
                column = frame
            }
            if offset >= 0 && offset % ticksPerCharacter == 0 && frame == column {
                text += body
                column += body.count
            } else {
                // Out of band: the bracket takes no column, so the text outside
                // brackets stays an exact time axis.
                isOnGrid = false
                text += "[\(time):\(body)]"
            }
        }

        for recorded in events {
            let time = recorded.time
            let drawn = symbol(recorded.value.event)
            if let group = pending, group.time == time {
                pending = (time, group.symbols + [drawn])
            } else {
                if let group = pending {
                    draw(time: group.time, symbols: group.symbols)
                }
                pending = (time, [drawn])
            }
        }
        if let group = pending {
            draw(time: group.time, symbols: group.symbols)
        }
        return Drawing(text: text, isOnGrid: isOnGrid)
    }
}
