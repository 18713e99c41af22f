import Ripple

/// A marble diagram read into the symbols that stand for events, each with its column.
///
/// The grammar (documented for users in the Marbles article):
///
/// - every character except whitespace is one column, `ticksPerCharacter` ticks wide,
///   including `(`, `)` and the symbols inside a group;
/// - `-` is a column where nothing happens; `^` is the subscription point (hot only);
/// - `|` is `.completed`, `#` an error, any other character a key of the `values:` or
///   `errors:` table;
/// - `(…)` puts every symbol inside it at the column of its `(`.
///
/// Reading is split in two: ``init(parsing:)`` checks the shape of the string, and
/// ``events(timing:values:errors:fallback:)`` checks the keys against the tables and
/// assigns times. Both throw a ``MarbleSyntaxError`` that points at the culprit.
struct MarbleDiagram {
    /// A character of the diagram that stands for an event.
    struct Symbol {
        /// The character itself: `|`, `#` or a table key.
        let character: Character
        /// The column of the event (for a group, the column of its `(`), counted from
        /// the first non-whitespace character.
        let frame: Int
        /// Where the character is in the diagram, for diagnostics.
        let position: Int
    }

    /// How columns map to virtual time.
    enum Timing {
        /// The column of `^`, or the first column when there is none, is at `subscribed`.
        case hot(subscribed: TestTime, ticksPerCharacter: TestTime)
        /// The first column is at time 0, relative to each subscription; `^` is refused.
        case cold(ticksPerCharacter: TestTime)
    }

    /// The characters with a meaning of their own, which cannot be table keys.
    static let reservedCharacters: Set<Character> = ["-", "|", "#", "^", "(", ")"]

    let text: String
    let symbols: [Symbol]
    /// The column of `^`, if the diagram has one.
    let subscriptionFrame: Int?
    /// Where `^` is in the diagram, for diagnostics.
    let subscriptionPosition: Int?

    /// Reads the shape of `text`: columns, groups and the subscription marker.
    init(parsing text: String) throws(MarbleSyntaxError) {
        var symbols: [Symbol] = []
        var subscriptionFrame: Int?
        var subscriptionPosition: Int?
        // The open group: where its `(` is, its column, and how many symbols it holds.
        var group: (position: Int, frame: Int, count: Int)?
        var frame = 0
        for (position, character) in text.enumerated() where !character.isWhitespace {
            func fail(_ reason: String) -> MarbleSyntaxError {
                MarbleSyntaxError(diagram: text, position: position, reason: reason)
            }
            switch character {
            case "(":
                if let open = group {
                    throw fail("'(' inside the group opened at column \(open.position + 1); groups do not nest")
                }
                group = (position, frame, 0)
            case ")":
                guard let open = group else {
                    throw fail("')' closes no group")
                }
                if open.count == 0 {
                    throw fail("the group is empty; a group holds the events that happen at one time")
                }
                group = nil
            case "-":
                if group != nil {
                    throw fail("'-' inside a group; a group holds only events, which all happen at its '('")
                }
            case "^":
                if group != nil {
                    throw fail("'^' inside a group; the subscription point stands on its own")
                }
                if let first = subscriptionPosition {
                    throw fail("a second '^'; the subscription point is already at column \(first + 1)")
                }
                subscriptionFrame = frame
                subscriptionPosition = position
            default:
                symbols.append(Symbol(character: character, frame: group?.frame ?? frame, position: position))
                group?.count += 1
            }
            frame += 1
        }
        if let open = group {
            throw MarbleSyntaxError(diagram: text, position: open.position, reason: "'(' is never closed")
        }
        self.text = text
        self.symbols = symbols
        self.subscriptionFrame = subscriptionFrame
        self.subscriptionPosition = subscriptionPosition
    }

    /// The recorded events the diagram stands for.
    ///
    /// - Parameters:
    ///   - timing: How columns map to virtual time.
    ///   - values: The element each key of a `.next` stands for.
    ///   - errors: The error each key of an `.error` stands for; `#` uses `errors["#"]`
    ///     when present, otherwise ``MarbleError``.
    ///   - fallback: The element for a key that no table holds, when `values` is empty
    ///     (for `String` elements: the character itself); `nil` makes such keys an error.
    func events<Element>(
        timing: Timing,
        values: [Character: Element],
        errors: [Character: Swift.Error],
        fallback: ((Character) -> Element)?
    ) throws(MarbleSyntaxError) -> [Recorded<Event<Element>>] {
        try Self.checkTables(values: values, errors: errors, diagram: text)
        let ticks: TestTime
        let time: (Int) -> TestTime
        switch timing {
        case .hot(let subscribed, let ticksPerCharacter):
            ticks = ticksPerCharacter
            let anchor = subscriptionFrame ?? 0
            time = { frame in subscribed + (frame - anchor) * ticksPerCharacter }
        case .cold(let ticksPerCharacter):
            ticks = ticksPerCharacter
            if let position = subscriptionPosition {
                throw MarbleSyntaxError(diagram: text, position: position, reason: "'^' in a cold diagram; a cold observable starts at each subscription, so only hot diagrams mark one")
            }
            time = { frame in frame * ticksPerCharacter }
        }
        guard ticks > 0 else {
            throw MarbleSyntaxError(diagram: text, position: nil, reason: "ticksPerCharacter is \(ticks); it must be at least 1")
        }
        let useFallback = values.isEmpty ? fallback : nil
        var events: [Recorded<Event<Element>>] = []
        events.reserveCapacity(symbols.count)
        for symbol in symbols {
            let event: Event<Element>
            if symbol.character == "|" {
                event = .completed
            } else if let error = errors[symbol.character] {
                event = .error(error)
            } else if symbol.character == "#" {
                event = .error(MarbleError())
            } else if let element = values[symbol.character] {
                event = .next(element)
            } else if let useFallback {
                event = .next(useFallback(symbol.character))
            } else {
                throw MarbleSyntaxError(diagram: text, position: symbol.position, reason: Self.unknownKeyReason(symbol.character, values: values, errors: errors))
            }
            events.append(Recorded(time: time(symbol.frame), value: event))
        }
        return events
    }

    private static func unknownKeyReason<Element>(_ key: Character, values: [Character: Element], errors: [Character: Swift.Error]) -> String {
        func keys<Value>(_ table: [Character: Value]) -> String {
            table.isEmpty ? "none" : table.keys.map { "'\($0)'" }.sorted().joined(separator: ", ")
        }
        return "'\(key)' is in neither values (keys: \(keys(values))) nor errors (keys: \(keys(errors)))"
    }

    /// Refuses keys that can never be reached: marble symbols, and keys in both tables.
    private static func checkTables<Element>(values: [Character: Element], errors: [Character: Swift.Error], diagram: String) throws(MarbleSyntaxError) {
        for key in values.keys.sorted() where reservedCharacters.contains(key) || key.isWhitespace {
            throw MarbleSyntaxError(diagram: diagram, position: nil, reason: "values has the key '\(key)', which is a marble symbol, not a value")
        }
        for key in errors.keys.sorted() where key != "#" && (reservedCharacters.contains(key) || key.isWhitespace) {
            throw MarbleSyntaxError(diagram: diagram, position: nil, reason: "errors has the key '\(key)', which is a marble symbol; only '#' may be given an error")
        }
        for key in values.keys.sorted() where errors[key] != nil {
            throw MarbleSyntaxError(diagram: diagram, position: nil, reason: "'\(key)' is a key of both values and errors")
        }
    }
}

/// Why a marble diagram could not be read, and where.
struct MarbleSyntaxError: Swift.Error, Equatable, CustomStringConvertible {
    /// The whole diagram.
    let diagram: String
    /// The offending character's offset in `diagram` (in characters), when one is to blame.
    let position: Int?
    /// What is wrong, in words.
    let reason: String

    /// The reason, then the diagram with a caret under the offending character:
    ///
    /// ```
    /// Malformed marble diagram: '(' is never closed (column 3)
    ///     --(ab--|
    ///       ^
    /// ```
    var description: String {
        guard let position else {
            return "Malformed marble diagram: \(reason)\n    \(diagram)"
        }
        let caret = String(repeating: " ", count: position) + "^"
        return "Malformed marble diagram: \(reason) (column \(position + 1))\n    \(diagram)\n    \(caret)"
    }
}

/// Reads `marbles` into recorded events, or stops the test with a precondition
/// failure that shows what is wrong with the diagram and where.
func recordedEvents<Element>(
    fromMarbles marbles: String,
    timing: MarbleDiagram.Timing,
    values: [Character: Element],
    errors: [Character: Swift.Error],
    fallback: ((Character) -> Element)?,
    file: StaticString,
    line: UInt
) -> [Recorded<Event<Element>>] {
    do {
        return try MarbleDiagram(parsing: marbles).events(timing: timing, values: values, errors: errors, fallback: fallback)
    } catch {
        preconditionFailure(error.description, file: file, line: line)
    }
}
