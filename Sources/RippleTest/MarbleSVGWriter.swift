import Ripple

/// Lays out and writes a ``MarbleSVG`` as SVG text.
///
/// Every coordinate goes through ``number(_:)`` (hundredths, no locale, no exponent) and
/// every element's fill is picked from the palette by first appearance, so the same
/// diagram always gives the same bytes.
struct MarbleSVGWriter {
    let diagram: MarbleSVG
    /// The first and last times drawn.
    let start: TestTime
    let end: TestTime

    private var layout: MarbleSVG.Layout { diagram.layout }
    private var palette: MarbleSVG.Palette { diagram.palette }
    private var timelines: [MarbleSVG.Timeline] { diagram.inputs + diagram.outputs }

    private static let margin = 12.0
    private static let fontFamily = "Menlo, Consolas, 'DejaVu Sans Mono', monospace"
    init(diagram: MarbleSVG) {
        self.diagram = diagram
        var times: [TestTime] = []
        for timeline in diagram.inputs + diagram.outputs {
            times += timeline.marks.map(\.time)
            for subscription in timeline.subscriptions {
                times.append(subscription.subscribe)
                if subscription.unsubscribe != .max {
                    times.append(subscription.unsubscribe)
                }
            }
        }
        let start = diagram.layout.start ?? times.min() ?? 0
        let end = diagram.layout.end ?? times.max() ?? start
        self.start = start
        self.end = max(end, start + diagram.layout.ticksPerCharacter)
    }

    // MARK: Geometry

    private var axisLeft: Double { Self.margin + layout.labelWidth }
    /// Room before the first time and after the last, so a circle there is not clipped.
    private var inset: Double { layout.marbleRadius + 8 }
    private var axisRight: Double {
        // Wide enough for the operator's label too (about 8.4 pixels a character at 14 points).
        let label = diagram.operatorLabel.map { Double($0.count) * 8.4 + 24 } ?? 0
        // Room after the last time for a terminal mark drawn beside elements there.
        return max(x(end) + inset + 20, axisLeft + label)
    }

    /// The horizontal position of virtual time `time`.
    func x(_ time: TestTime) -> Double {
        axisLeft + inset + Double(time - start) * layout.pixelsPerTick
    }

    private func contains(_ time: TestTime) -> Bool {
        start <= time && time <= end
    }

    /// Labels up to this many characters fit in a circle; a longer one gets a pill (a
    /// rounded rectangle as high as a circle, as wide as its text), so that a row does not
    /// grow and neighbours do not overlap.
    private static let circleCharacters = 2

    /// Half the width of the pill for `label`: its text at 11 points (about 6.6 pixels a
    /// character in a monospaced font) and some padding.
    private func pillHalfWidth(_ label: String) -> Double {
        max(layout.marbleRadius, 3.3 * Double(label.count) + 7)
    }

    // MARK: Text

    /// The text marble diagram of each timeline, preceded by the time scale.
    func textLines() -> [String] {
        let renderer = MarbleRenderer(subscribed: start, ticksPerCharacter: layout.ticksPerCharacter)
        var lines = ["marbles, \(layout.ticksPerCharacter) ticks per column from \(start):"]
        func add(_ timeline: MarbleSVG.Timeline) {
            let events = timeline.marks.filter { contains($0.time) }.map { recorded -> Recorded<Event<String>> in
                switch recorded.value {
                case .next(let label): Recorded(time: recorded.time, value: .next(label))
                case .error(let description): Recorded(time: recorded.time, value: .error(DrawnError(description: description)))
                case .completed: Recorded(time: recorded.time, value: .completed)
                }
            }
            lines.append("\(timeline.name): \(renderer.render(events, symbol: MarbleRenderer.defaultSymbol).text)")
        }
        diagram.inputs.forEach(add)
        if let label = diagram.operatorLabel {
            lines.append("operator: \(label)")
        }
        diagram.outputs.forEach(add)
        return lines
    }

    // MARK: Document

    func document() -> String {
        var body: [String] = []
        var y = Self.margin
        var colours: [String: String] = [:]
        var colourOrder = 0
        for timeline in timelines {
            for case .next(let label) in timeline.marks.filter({ contains($0.time) }).map(\.value) where colours[label] == nil {
                colours[label] = palette.elementFills[colourOrder % palette.elementFills.count]
                colourOrder += 1
            }
        }

        for timeline in diagram.inputs {
            body += self.timeline(timeline, role: "input", top: &y, colours: colours)
        }
        if let label = diagram.operatorLabel {
            body += operatorBox(label, top: &y)
        }
        for timeline in diagram.outputs {
            body += self.timeline(timeline, role: "output", top: &y, colours: colours)
        }
        if layout.showsRuler {
            body += ruler(top: &y)
        }
        var width = axisRight + Self.margin
        if layout.showsLegend {
            let legend = legend(top: &y)
            body += legend.elements
            width = max(width, legend.width + Self.margin)
        }
        let height = y + Self.margin
        let title = Self.escape(diagram.title)
        let description = Self.escape(textLines().joined(separator: "\n"))
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" role="img" aria-labelledby="marble-title marble-desc" font-family="\#(Self.fontFamily)">"#,
            #"<title id="marble-title">\#(title)</title>"#,
            #"<desc id="marble-desc">\#(description)</desc>"#,
            #"<rect class="background" x="0" y="0" width="\#(n(width))" height="\#(n(height))" fill="\#(palette.background)"/>"#,
        ]
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func n(_ value: Double) -> String {
        Self.number(value)
    }

    /// One timeline: its name, its axis (solid while subscribed), its marks.
    private func timeline(_ timeline: MarbleSVG.Timeline, role: String, top y: inout Double, colours: [String: String]) -> [String] {
        let marks = timeline.marks.filter { contains($0.time) }
        // Elements at one time are stacked upwards; the row grows to hold the highest stack.
        var stackHeights: [TestTime: Int] = [:]
        for case let (time, .next) in marks.map({ ($0.time, $0.value) }) {
            stackHeights[time, default: 0] += 1
        }
        // Circles and pills are all as high as the default circle.
        let largest = layout.marbleRadius
        let highest = stackHeights.values.max() ?? 1
        let step = 2 * largest + 4
        let lineY = y + Double(highest - 1) * step + largest + 8
        // Below the axis and clear of the circles: the subscription triangles, then the
        // disposal squares.
        let below = lineY + largest + 3
        y = below + 30

        var out = [#"<g class="timeline" data-role="\#(role)" data-name="\#(Self.escape(timeline.name))">"#]
        out.append(#"<text class="name" x="\#(n(Self.margin))" y="\#(n(lineY + 4))" font-size="13" fill="\#(palette.ink)">\#(Self.escape(timeline.name))</text>"#)
        out.append(#"<line class="axis" x1="\#(n(axisLeft))" y1="\#(n(lineY))" x2="\#(n(axisRight - 8))" y2="\#(n(lineY))" stroke="\#(palette.unsubscribedInk)" stroke-width="1.5" stroke-dasharray="4 4"/>"#)
        out.append(#"<path class="arrow" d="M \#(n(axisRight)) \#(n(lineY)) l -9 -5 v 10 z" fill="\#(palette.unsubscribedInk)"/>"#)
        // A terminal mark at the time of elements goes just after their stack, as in the
        // text diagram's `(1|)`: drawn at the same x it would hide behind them.
        var stackHalfWidths: [TestTime: Double] = [:]
        for case let (time, .next(label)) in marks.map({ ($0.time, $0.value) }) {
            let half = label.count <= Self.circleCharacters ? largest : pillHalfWidth(label)
            stackHalfWidths[time] = max(stackHalfWidths[time] ?? 0, half)
        }
        func terminalX(_ time: TestTime) -> Double {
            x(time) + (stackHalfWidths[time].map { $0 + 10 } ?? 0)
        }
        for subscription in timeline.subscriptions {
            let from = max(subscription.subscribe, start)
            // Solid up to a terminal mark drawn beside the elements of its time.
            let last = min(subscription.unsubscribe, end)
            let endsWithTerminal = marks.contains { $0.time == last && $0.value.isTerminal }
            let to = subscription.unsubscribe == .max ? axisRight - 8 : endsWithTerminal ? terminalX(last) : x(last)
            if subscription.subscribe <= end && x(from) <= to {
                out.append(#"<line class="subscribed" x1="\#(n(x(from)))" y1="\#(n(lineY))" x2="\#(n(to))" y2="\#(n(lineY))" stroke="\#(palette.ink)" stroke-width="2.5"/>"#)
            }
        }

        var placed: [TestTime: Int] = [:]
        var bars: [String] = []
        var circles: [String] = []
        var crosses: [String] = []
        for mark in marks {
            let cx = x(mark.time)
            let time = mark.time
            switch mark.value {
            case .next(let label):
                let level = placed[time, default: 0]
                placed[time] = level + 1
                let cy = lineY - Double(level) * step
                let r = layout.marbleRadius
                let fill = colours[label] ?? palette.elementFills[0]
                let title = #"<title>\#(Self.escape("next(\(label)) @ \(time)"))</title>"#
                if label.count <= Self.circleCharacters {
                    circles.append(#"<circle class="next" cx="\#(n(cx))" cy="\#(n(cy))" r="\#(n(r))" fill="\#(fill)" stroke="\#(palette.ink)" stroke-width="1.5" data-time="\#(time)">\#(title)</circle>"#)
                } else {
                    let half = pillHalfWidth(label)
                    circles.append(#"<rect class="next" x="\#(n(cx - half))" y="\#(n(cy - r))" width="\#(n(2 * half))" height="\#(n(2 * r))" rx="\#(n(r))" fill="\#(fill)" stroke="\#(palette.ink)" stroke-width="1.5" data-time="\#(time)">\#(title)</rect>"#)
                }
                let fontSize = label.count <= Self.circleCharacters ? 13 : 11
                circles.append(#"<text class="label" x="\#(n(cx))" y="\#(n(cy + 4))" font-size="\#(fontSize)" text-anchor="middle" fill="\#(palette.elementInk)">\#(Self.escape(label))</text>"#)
            case .completed:
                let bx = terminalX(time)
                bars.append(#"<line class="completed" x1="\#(n(bx))" y1="\#(n(lineY - 12))" x2="\#(n(bx))" y2="\#(n(lineY + 12))" stroke="\#(palette.ink)" stroke-width="3" data-time="\#(time)"><title>\#(Self.escape("completed @ \(time)"))</title></line>"#)
            case .error(let description):
                let ex = terminalX(time)
                crosses.append(#"<path class="error" d="M \#(n(ex - 8)) \#(n(lineY - 8)) L \#(n(ex + 8)) \#(n(lineY + 8)) M \#(n(ex + 8)) \#(n(lineY - 8)) L \#(n(ex - 8)) \#(n(lineY + 8))" stroke="\#(palette.errorInk)" stroke-width="3.5" fill="none" data-time="\#(time)"><title>\#(Self.escape("error(\(description)) @ \(time)"))</title></path>"#)
            }
        }
        out += bars + circles + crosses

        for subscription in timeline.subscriptions {
            if contains(subscription.subscribe) {
                out.append(subscribeMark(x: x(subscription.subscribe), y: below, time: subscription.subscribe))
            }
            if subscription.unsubscribe != .max && contains(subscription.unsubscribe) {
                out.append(disposeMark(x: x(subscription.unsubscribe), y: below + 11, time: subscription.unsubscribe))
            }
        }
        out.append("</g>")
        return out
    }

    private func subscribeMark(x: Double, y: Double, time: TestTime?, legend: Bool = false) -> String {
        let title = time.map { #"<title>subscribed @ \#($0)</title>"# } ?? ""
        return #"<path class="\#(legend ? "legend-" : "")subscribe" d="M \#(n(x)) \#(n(y)) l 5.5 9 h -11 z" fill="\#(palette.subscribeInk)"\#(time.map { #" data-time="\#($0)""# } ?? "")>\#(title)</path>"#
    }

    private func disposeMark(x: Double, y: Double, time: TestTime?, legend: Bool = false) -> String {
        let title = time.map { #"<title>disposed @ \#($0)</title>"# } ?? ""
        return #"<rect class="\#(legend ? "legend-" : "")dispose" x="\#(n(x - 4.5))" y="\#(n(y))" width="9" height="9" fill="\#(palette.disposeInk)"\#(time.map { #" data-time="\#($0)""# } ?? "")>\#(title)</rect>"#
    }

    /// The box between inputs and outputs that names the operator.
    private func operatorBox(_ label: String, top y: inout Double) -> [String] {
        let boxTop = y + 4
        let height = 34.0
        y = boxTop + height + 6
        return [
            #"<g class="operator">"#,
            #"<rect x="\#(n(axisLeft))" y="\#(n(boxTop))" width="\#(n(axisRight - axisLeft))" height="\#(n(height))" rx="5" fill="\#(palette.operatorFill)" stroke="\#(palette.ink)" stroke-width="1.5"/>"#,
            #"<text x="\#(n((axisLeft + axisRight) / 2))" y="\#(n(boxTop + 22))" font-size="14" text-anchor="middle" fill="\#(palette.ink)">\#(Self.escape(label))</text>"#,
            "</g>",
        ]
    }

    /// A time axis with a labelled tick every round number of ticks at least 40 pixels apart.
    private func ruler(top y: inout Double) -> [String] {
        let lineY = y + 8
        y = lineY + 24
        let steps: [TestTime] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]
        let step = steps.first { Double($0) * layout.pixelsPerTick >= 40 } ?? 10000
        var out = [
            #"<g class="ruler" font-size="10" fill="\#(palette.rulerText)">"#,
            #"<line x1="\#(n(x(start)))" y1="\#(n(lineY))" x2="\#(n(x(end)))" y2="\#(n(lineY))" stroke="\#(palette.rulerInk)" stroke-width="1"/>"#,
        ]
        var tick = start % step == 0 ? start : start + (step - ((start % step) + step) % step)
        while tick <= end {
            out.append(#"<line x1="\#(n(x(tick)))" y1="\#(n(lineY - 4))" x2="\#(n(x(tick)))" y2="\#(n(lineY + 4))" stroke="\#(palette.rulerInk)" stroke-width="1"/>"#)
            out.append(#"<text x="\#(n(x(tick)))" y="\#(n(lineY + 16))" text-anchor="middle">\#(tick)</text>"#)
            tick += step
        }
        out.append("</g>")
        return out
    }

    /// A key to the marks; its shapes have `legend-` classes, so they are not counted as marks.
    private func legend(top y: inout Double) -> (elements: [String], width: Double) {
        let lineY = y + 14
        y = lineY + 14
        let itemWidth = 112.0
        var out = [#"<g class="legend" font-size="11" fill="\#(palette.legendText)">"#]
        let items = ["element", "completed", "error", "subscribed", "disposed", "not subscribed"]
        for (index, item) in items.enumerated() {
            let left = Self.margin + Double(index) * itemWidth
            let cx = left + 8
            switch item {
            case "element":
                out.append(#"<circle class="legend-next" cx="\#(n(cx))" cy="\#(n(lineY))" r="7" fill="\#(palette.elementFills[0])" stroke="\#(palette.ink)" stroke-width="1"/>"#)
            case "completed":
                out.append(#"<line class="legend-completed" x1="\#(n(cx))" y1="\#(n(lineY - 8))" x2="\#(n(cx))" y2="\#(n(lineY + 8))" stroke="\#(palette.ink)" stroke-width="3"/>"#)
            case "error":
                out.append(#"<path class="legend-error" d="M \#(n(cx - 6)) \#(n(lineY - 6)) L \#(n(cx + 6)) \#(n(lineY + 6)) M \#(n(cx + 6)) \#(n(lineY - 6)) L \#(n(cx - 6)) \#(n(lineY + 6))" stroke="\#(palette.errorInk)" stroke-width="3" fill="none"/>"#)
            case "subscribed":
                out.append(subscribeMark(x: cx, y: lineY - 5, time: nil, legend: true))
            case "disposed":
                out.append(disposeMark(x: cx, y: lineY - 5, time: nil, legend: true))
            default:
                out.append(#"<line class="legend-axis" x1="\#(n(cx - 8))" y1="\#(n(lineY))" x2="\#(n(cx + 10))" y2="\#(n(lineY))" stroke="\#(palette.unsubscribedInk)" stroke-width="1.5" stroke-dasharray="4 4"/>"#)
            }
            out.append(#"<text x="\#(n(left + 22))" y="\#(n(lineY + 4))">\#(item)</text>"#)
        }
        out.append("</g>")
        return (out, Self.margin + Double(items.count) * itemWidth)
    }

    // MARK: Formatting

    /// `value` rounded to hundredths, without trailing zeros: `12`, `12.5`, `12.05`.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 {
            return "\(sign)\(whole)"
        }
        if fraction % 10 == 0 {
            return "\(sign)\(whole).\(fraction / 10)"
        }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `text` made safe for XML character data and attribute values; control characters
    /// other than newline and tab, which XML 1.0 forbids, become spaces.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

/// An error known only by its description, for drawing an `.error` mark as text.
private struct DrawnError: Swift.Error, CustomStringConvertible {
    let description: String
}

extension MarbleSVG.Timeline.Mark {
    /// Whether the mark ends its sequence (completion or an error).
    var isTerminal: Bool {
        if case .next = self { false } else { true }
    }
}
