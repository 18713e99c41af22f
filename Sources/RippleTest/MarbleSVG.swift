import Ripple

/// A marble diagram drawn as an SVG picture from what a test run recorded: one timeline
/// per input and per output, each element a labelled circle at its virtual time.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let source = scheduler.createHotObservable("--1--2--3--|")
/// let observer = scheduler.start(disposed: 400) { source.map { "\($0)0" } }
/// let diagram = MarbleSVG(
///     inputs: [MarbleSVG.Timeline("source", source: source)],
///     operator: "map { \"\\($0)0\" }",
///     outputs: [MarbleSVG.Timeline("result", observer: observer, disposed: 400)]
/// )
/// try diagram.svg.write(toFile: "map.svg", atomically: true, encoding: .utf8)
/// ```
///
/// What is drawn, on each timeline:
/// - `.next`: a circle labelled with the element (a pill as wide as the label when it is
///   longer than two characters); elements at the same time are stacked
///   upwards at that time's position;
/// - `.completed`: a vertical bar; `.error`: a cross (its description is the tooltip);
/// - each subscription: the axis is drawn solid while subscribed (dashed otherwise),
///   a triangle below it marks the subscription and a square the disposal.
///
/// The picture is a pure function of its input: numbers have a fixed format, nothing
/// depends on dictionary order or the date, so a regenerated diagram differs from the
/// committed one only when the run differs. Its `<title>` and `<desc>` hold the text
/// marble diagram of every timeline, for screen readers and for review.
///
/// ``palette`` picks the colours: ``Palette/light`` (the default) on white, or
/// ``Palette/dark`` for pages in a dark appearance; the two pictures of one diagram differ
/// only in their colours.
public struct MarbleSVG: Sendable, Equatable {
    /// The diagram's accessible title (its `<title>` element).
    public var title: String
    /// The sources, drawn above the operator, in order.
    public var inputs: [Timeline]
    /// What is applied to the inputs, written in a box between inputs and outputs
    /// (for example `map { $0 * 10 }`); `nil` draws no box.
    public var operatorLabel: String?
    /// The results, drawn below the operator, in order (several when the example has
    /// several subscribers, as with `share`).
    public var outputs: [Timeline]
    /// Sizes and the time range.
    public var layout: Layout
    /// The colours.
    public var palette: Palette

    /// A diagram of `inputs`, the operator and `outputs`.
    ///
    /// - Parameters:
    ///   - title: The accessible title; defaults to the operator label.
    ///   - inputs: The sources' timelines.
    ///   - operator: The label of the operator box; `nil` for none.
    ///   - outputs: The results' timelines.
    ///   - layout: Sizes and the time range.
    ///   - palette: The colours; ``Palette/dark`` for a dark page.
    public init(
        title: String? = nil, inputs: [Timeline], operator: String?, outputs: [Timeline],
        layout: Layout = Layout(), palette: Palette = .light
    ) {
        self.title = title ?? `operator` ?? "Marble diagram"
        self.inputs = inputs
        self.operatorLabel = `operator`
        self.outputs = outputs
        self.layout = layout
        self.palette = palette
    }

    /// The SVG document: an `<svg>` element with its XML declaration, ending in a newline.
    public var svg: String {
        MarbleSVGWriter(diagram: self).document()
    }

    /// The text marble diagram of every timeline, one per line (`name: diagram`), with
    /// `ticksPerCharacter` ticks per column from the first time drawn: what the picture's
    /// `<desc>` holds.
    public var textDiagram: String {
        MarbleSVGWriter(diagram: self).textLines().joined(separator: "\n")
    }
}

extension MarbleSVG {
    /// How a diagram is laid out.
    public struct Layout: Sendable, Equatable {
        /// Horizontal pixels per virtual tick.
        public var pixelsPerTick: Double
        /// The first time drawn; `nil` for the earliest event or subscription.
        public var start: TestTime?
        /// The last time drawn; `nil` for the latest event or finite disposal. Marks
        /// outside `start...end` are left out.
        public var end: TestTime?
        /// The width of the column of timeline names, in pixels.
        public var labelWidth: Double
        /// The radius of an element's circle, and half the height of the pill that a label
        /// longer than two characters gets instead.
        public var marbleRadius: Double
        /// Ticks per column of the text diagrams in the `<desc>` element.
        public var ticksPerCharacter: TestTime
        /// Whether to draw a time ruler below the timelines.
        public var showsRuler: Bool
        /// Whether to draw a legend of the marks below the ruler.
        public var showsLegend: Bool

        /// A layout; the defaults suit the 10-tick columns of text diagrams.
        ///
        /// - Parameters:
        ///   - pixelsPerTick: Horizontal pixels per virtual tick (more than 0).
        ///   - start: The first time drawn; `nil` for the earliest mark.
        ///   - end: The last time drawn; `nil` for the latest mark.
        ///   - labelWidth: The width of the column of names, in pixels.
        ///   - marbleRadius: The radius of an element's circle.
        ///   - ticksPerCharacter: Ticks per column of the text diagrams in `<desc>` (at least 1).
        ///   - showsRuler: Whether to draw a time ruler.
        ///   - showsLegend: Whether to draw a legend of the marks.
        public init(
            pixelsPerTick: Double = 3,
            start: TestTime? = nil,
            end: TestTime? = nil,
            labelWidth: Double = 110,
            marbleRadius: Double = 13,
            ticksPerCharacter: TestTime = 10,
            showsRuler: Bool = true,
            showsLegend: Bool = true
        ) {
            precondition(pixelsPerTick > 0, "pixelsPerTick is \(pixelsPerTick); it must be more than 0")
            precondition(ticksPerCharacter > 0, "ticksPerCharacter is \(ticksPerCharacter); it must be at least 1")
            self.pixelsPerTick = pixelsPerTick
            self.start = start
            self.end = end
            self.labelWidth = labelWidth
            self.marbleRadius = marbleRadius
            self.ticksPerCharacter = ticksPerCharacter
            self.showsRuler = showsRuler
            self.showsLegend = showsLegend
        }
    }

    /// One timeline of a diagram: a name, the events on it, and its subscriptions.
    public struct Timeline: Sendable, Equatable {
        /// An event as drawn: elements and errors already turned into text.
        public enum Mark: Sendable, Equatable {
            /// An element, by its label.
            case next(String)
            /// An error, by its description.
            case error(String)
            /// Completion.
            case completed
        }

        /// The name in the left column (`source`, `result`, …).
        public var name: String
        /// The marks at their virtual times, in the order they happened.
        public var marks: [Recorded<Mark>]
        /// The subscriptions drawn on the timeline.
        public var subscriptions: [Subscription]

        /// A timeline of marks already turned into text.
        ///
        /// - Parameters:
        ///   - name: The name in the left column.
        ///   - marks: The marks at their virtual times, in order.
        ///   - subscriptions: The subscriptions to mark.
        public init(_ name: String, marks: [Recorded<Mark>], subscriptions: [Subscription] = []) {
            self.name = name
            self.marks = marks
            self.subscriptions = subscriptions
        }

        /// A timeline of recorded events.
        ///
        /// - Parameters:
        ///   - name: The name in the left column.
        ///   - events: The events at their virtual times, in order.
        ///   - subscriptions: The subscriptions to mark.
        ///   - label: The text of an element's circle; its description by default.
        public init<Element>(
            _ name: String,
            events: [Recorded<Event<Element>>],
            subscriptions: [Subscription] = [],
            label: (Element) -> String = { String(describing: $0) }
        ) {
            let marks = events.map { recorded -> Recorded<Mark> in
                switch recorded.value {
                case .next(let element): Recorded(time: recorded.time, value: .next(label(element)))
                case .error(let error): Recorded(time: recorded.time, value: .error(String(describing: error)))
                case .completed: Recorded(time: recorded.time, value: .completed)
                }
            }
            self.init(name, marks: marks, subscriptions: subscriptions)
        }

        /// The timeline of a test source as its subscribers saw it, with its subscriptions.
        ///
        /// A hot source draws its events at their absolute times, subscribed or not (the
        /// axis is dashed where nobody listens). A cold source draws the events it sent
        /// to each of its subscriptions, at the times it sent them, up to each disposal,
        /// all on this one timeline; ``timelines(_:source:label:)`` gives a cold source
        /// one timeline per subscription instead.
        ///
        /// - Parameters:
        ///   - name: The name in the left column.
        ///   - source: A source from ``TestScheduler/createHotObservable(_:)`` or
        ///     ``TestScheduler/createColdObservable(_:)``, after the run.
        ///   - label: The text of an element's circle; its description by default.
        public init<Element>(_ name: String, source: TestableObservable<Element>, label: (Element) -> String = { String(describing: $0) }) {
            // A cold source draws what it really sent, as it sent it: not its script
            // shifted by each subscription, which could not tell whether an event due at
            // the very time of a disposal went out.
            let events = (source as? ColdObservable<Element>)?.deliveries ?? source.recordedEvents
            self.init(name, events: events, subscriptions: source.subscriptions, label: label)
        }

        /// The timelines of a test source: one for a hot source or a cold source
        /// subscribed at most once, and otherwise one per subscription of the cold
        /// source, named `name #1`, `name #2` …, each with what that subscription was sent.
        ///
        /// Separate lines keep each run readable when the runs touch or overlap (the
        /// inner sequences of `flatMap` or `flatMapLatest`, the attempts of `retry`):
        /// on one line, a disposal and the next subscription at the same time, or two
        /// runs' elements, would be drawn over each other.
        ///
        /// - Parameters:
        ///   - name: The name in the left column (of the first timeline, without a number
        ///     when there is only one).
        ///   - source: A source from ``TestScheduler/createHotObservable(_:)`` or
        ///     ``TestScheduler/createColdObservable(_:)``, after the run.
        ///   - label: The text of an element's circle; its description by default.
        /// - Returns: The timelines, in the order of the subscriptions.
        public static func timelines<Element>(
            _ name: String, source: TestableObservable<Element>, label: (Element) -> String = { String(describing: $0) }
        ) -> [Timeline] {
            let subscriptions = source.subscriptions
            guard let cold = source as? ColdObservable<Element>, subscriptions.count > 1 else {
                return [Timeline(name, source: source, label: label)]
            }
            return subscriptions.indices.map { index in
                Timeline(
                    "\(name) #\(index + 1)", events: cold.deliveries(toSubscription: index),
                    subscriptions: [subscriptions[index]], label: label)
            }
        }

        /// The timeline of an observer subscribed at `subscribed` and disposed at
        /// `disposed` (the times of ``TestScheduler/start(created:subscribed:disposed:create:)``);
        /// a terminal event before `disposed` ends the subscription there.
        ///
        /// - Parameters:
        ///   - name: The name in the left column.
        ///   - observer: The observer, after the run.
        ///   - subscribed: When it was subscribed.
        ///   - disposed: When its subscription was disposed; `Int.max` for never.
        ///   - label: The text of an element's circle; its description by default.
        public init<Element>(
            _ name: String,
            observer: TestableObserver<Element>,
            subscribed: TestTime = TestScheduler.Defaults.subscribed,
            disposed: TestTime = TestScheduler.Defaults.disposed,
            label: (Element) -> String = { String(describing: $0) }
        ) {
            let events = observer.events
            let terminal = events.first { $0.value.isStopEvent }?.time
            let end = terminal.map { min($0, disposed) } ?? disposed
            self.init(name, events: events, subscriptions: [Subscription(subscribed, end)], label: label)
        }
    }
}
