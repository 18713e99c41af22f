import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Ripple
@testable import RippleTest

extension RippleTests {
    /// The SVG marble diagrams, read back with Foundation's XML parser: well-formed, one
    /// circle per element at the position its virtual time maps to, and every mark.
    @Suite struct MarbleSVGTests {
        /// The elements of an SVG document, in document order, with their attributes
        /// and the text inside them.
        final class ParsedSVG: NSObject, XMLParserDelegate {
            struct Element {
                let name: String
                let attributes: [String: String]
                var text = ""
                /// The `class` of the nearest enclosing `<g>` with a `data-name`.
                let timeline: String?
            }
            private(set) var elements: [Element] = []
            private var open: [Int] = []
            private var timelines: [String?] = []
            private(set) var parseError: Error?

            init(_ svg: String) {
                super.init()
                let parser = XMLParser(data: Data(svg.utf8))
                parser.delegate = self
                if !parser.parse() {
                    parseError = parser.parserError ?? CocoaError(.propertyListReadCorrupt)
                }
            }

            func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                if elementName == "g" {
                    timelines.append(attributes["data-name"] ?? timelines.last ?? nil)
                }
                elements.append(Element(name: elementName, attributes: attributes, timeline: timelines.last ?? nil))
                open.append(elements.count - 1)
            }

            func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
                open.removeLast()
                if elementName == "g" {
                    timelines.removeLast()
                }
            }

            /// Text counts for every open element, so a mark's text is its `<title>`'s.
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                for index in open {
                    elements[index].text += string
                }
            }

            func marks(_ kind: String, on timeline: String? = nil) -> [Element] {
                elements.filter { $0.attributes["class"] == kind && (timeline == nil || $0.timeline == timeline) }
            }

            func text(of name: String) -> String? {
                elements.first { $0.name == name }?.text
            }
        }

        /// `source.map { $0 * 10 }` over a hot source, run from 200 to 400.
        private func mapDiagram(layout: MarbleSVG.Layout = MarbleSVG.Layout()) -> (MarbleSVG, source: TestableObservable<Int>) {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("-1-2--3-|", values: ["1": 1, "2": 2, "3": 3])
            let observer = scheduler.start(disposed: 400) { source.map { $0 * 10 } }
            let diagram = MarbleSVG(
                inputs: [MarbleSVG.Timeline("source", source: source)],
                operator: "map { $0 * 10 }",
                outputs: [MarbleSVG.Timeline("result", observer: observer, disposed: 400)],
                layout: layout
            )
            return (diagram, source)
        }

        private func number(_ attribute: String?) -> Double? {
            attribute.flatMap(Double.init)
        }

        @Test func theDocumentIsWellFormedXMLWithAnAccessibleTitleAndDescription() throws {
            let svg = mapDiagram().0.svg
            let parsed = ParsedSVG(svg)
            #expect(parsed.parseError == nil)
            #expect(parsed.elements.first?.name == "svg")
            #expect(parsed.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
            #expect(parsed.elements.first?.attributes["role"] == "img")
            #expect(parsed.text(of: "title") == "map { $0 * 10 }")
            #expect(parsed.text(of: "desc") == """
                marbles, 10 ticks per column from 200:
                source: -1-2--3-|
                operator: map { $0 * 10 }
                result: -{10}[230:{20}]-{30}[280:|]
                """)
        }

        @Test func thereIsOneCircleForEachElementAtTheXOfItsTime() throws {
            let layout = MarbleSVG.Layout(pixelsPerTick: 2, labelWidth: 100)
            let (diagram, _) = mapDiagram(layout: layout)
            let parsed = ParsedSVG(diagram.svg)
            let source = parsed.marks("next", on: "source")
            let result = parsed.marks("next", on: "result")
            #expect(source.count == 3)
            #expect(result.count == 3)
            // x = margin (12) + labelWidth + inset (radius 13 + 8) + (time - first time) × pixelsPerTick
            let times = [210, 230, 260]
            for (circle, time) in zip(source + result, times + times) {
                #expect(circle.name == "circle")
                #expect(circle.attributes["data-time"] == String(time))
                #expect(number(circle.attributes["cx"]) == 12 + 100 + 21 + Double(time - 200) * 2)
            }
            #expect(result.map(\.text) == ["next(10) @ 210", "next(20) @ 230", "next(30) @ 260"])
            let labels = parsed.elements.filter { $0.attributes["class"] == "label" }.map(\.text)
            #expect(labels == ["1", "2", "3", "10", "20", "30"])
        }

        @Test func completionErrorSubscriptionAndDisposalAreMarkedAtTheirTimes() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable("-a-#")
            let observer = scheduler.start(disposed: 400) { first.asObservable().retry(2) }
            let diagram = MarbleSVG(
                inputs: [MarbleSVG.Timeline("source", source: first)],
                operator: "retry(2)",
                outputs: [MarbleSVG.Timeline("result", observer: observer, disposed: 400)]
            )
            let parsed = ParsedSVG(diagram.svg)
            #expect(parsed.parseError == nil)
            // The cold source is drawn once per subscription: two attempts.
            #expect(parsed.marks("next", on: "source").map { $0.attributes["data-time"] } == ["210", "240"])
            #expect(parsed.marks("error", on: "source").map { $0.attributes["data-time"] } == ["230", "260"])
            #expect(parsed.marks("subscribe", on: "source").map { $0.attributes["data-time"] } == ["200", "230"])
            #expect(parsed.marks("dispose", on: "source").map { $0.attributes["data-time"] } == ["230", "260"])
            #expect(parsed.marks("next", on: "result").count == 2)
            #expect(parsed.marks("error", on: "result").map(\.text) == ["error(MarbleError) @ 260"])
            #expect(parsed.marks("completed").isEmpty)
            // The output's subscription ends with its error, before the scheduled disposal.
            #expect(parsed.marks("subscribe", on: "result").map { $0.attributes["data-time"] } == ["200"])
            #expect(parsed.marks("dispose", on: "result").map { $0.attributes["data-time"] } == ["260"])

            let doneEvents: [RippleTest.Recorded<Event<Int>>] = [.next(210, 1), .completed(250)]
            let completing = MarbleSVG(inputs: [], operator: nil, outputs: [
                MarbleSVG.Timeline("done", events: doneEvents, subscriptions: [Subscription(200)]),
            ])
            let done = ParsedSVG(completing.svg)
            #expect(done.marks("completed").map { $0.attributes["data-time"] } == ["250"])
            #expect(done.marks("completed").first?.name == "line")
            #expect(done.marks("dispose").isEmpty)
            // The legend's shapes have classes of their own, so they are never counted as marks.
            #expect(done.marks("legend-next").count == 1)
        }

        @Test func aColdSourceIsDrawnAsItWasSentNotAsScripted() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable("--a-b|")
            let stop = scheduler.createHotObservable("--x")
            let observer = scheduler.start(disposed: 400) { source.take(until: stop) }
            // The stop signal, scheduled first, wins the tie at 220: `a`, due then too, is never sent.
            #expect(observer.events == [.completed(220)])
            let timeline = MarbleSVG.Timeline("source", source: source)
            #expect(timeline.marks.isEmpty)
            #expect(timeline.subscriptions == [Subscription(200, 220)])

            let parsed = ParsedSVG(MarbleSVG(inputs: [timeline], operator: nil, outputs: []).svg)
            #expect(parsed.marks("next").isEmpty)
            #expect(parsed.marks("dispose").map { $0.attributes["data-time"] } == ["220"])
        }

        @Test func elementsAtOneTimeAreStackedAtThatTimesX() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("-(ab)-|")
            let observer = scheduler.start(disposed: 300) { source.startWith("x", "y") }
            let diagram = MarbleSVG(inputs: [], operator: nil, outputs: [MarbleSVG.Timeline("result", observer: observer, disposed: 300)])
            let parsed = ParsedSVG(diagram.svg)
            let circles = parsed.marks("next")
            #expect(circles.map { $0.attributes["data-time"] } == ["200", "200", "210", "210"])
            #expect(circles[0].attributes["cx"] == circles[1].attributes["cx"])
            #expect(circles[2].attributes["cx"] == circles[3].attributes["cx"])
            let heights = circles.compactMap { number($0.attributes["cy"]) }
            #expect(heights[0] > heights[1])
            #expect(heights[0] == heights[2])
        }

        @Test func textIsEscapedAndTheOutputIsTheSameEveryTime() throws {
            let events: [RippleTest.Recorded<Event<String>>] = [.next(210, "<&>"), .error(220, MarbleError())]
            let diagram = MarbleSVG(
                title: "a \"quoted\" <title>",
                inputs: [],
                operator: "filter { $0 < 3 && $0 > 'a' }",
                outputs: [MarbleSVG.Timeline("out & back", events: events)]
            )
            let svg = diagram.svg
            let parsed = ParsedSVG(svg)
            #expect(parsed.parseError == nil)
            #expect(parsed.text(of: "title") == "a \"quoted\" <title>")
            #expect(parsed.marks("label").map(\.text) == ["<&>"])
            #expect(parsed.elements.contains { $0.attributes["data-name"] == "out & back" })
            #expect(svg == diagram.svg)
            #expect(!svg.contains("e+"))
        }

        @Test func numbersHaveOneFixedFormat() {
            #expect(MarbleSVGWriter.number(12) == "12")
            #expect(MarbleSVGWriter.number(12.5) == "12.5")
            #expect(MarbleSVGWriter.number(12.05) == "12.05")
            #expect(MarbleSVGWriter.number(-0.004) == "0")
            #expect(MarbleSVGWriter.number(-3.25) == "-3.25")
            #expect(MarbleSVGWriter.number(1_000_000) == "1000000")
        }

        @Test func theDarkPaletteChangesOnlyTheColours() throws {
            var dark = mapDiagram().0
            dark.palette = .dark
            let light = mapDiagram().0.svg
            let darkSVG = dark.svg
            #expect(darkSVG != light)
            #expect(ParsedSVG(darkSVG).parseError == nil)
            // With every colour blanked out, the two documents are the same bytes: same
            // geometry, same text, same marks.
            let colour = /#[0-9a-f]{6}/
            #expect(darkSVG.replacing(colour, with: "#") == light.replacing(colour, with: "#"))
            let background = { (svg: String) in ParsedSVG(svg).marks("background").first?.attributes["fill"] }
            #expect(background(light) == MarbleSVG.Palette.light.background)
            #expect(background(darkSVG) == MarbleSVG.Palette.dark.background)
            let fills = { (svg: String) in ParsedSVG(svg).marks("next").compactMap { $0.attributes["fill"] } }
            // Six distinct labels (1, 2, 3, 10, 20, 30): the first six fills, in order.
            #expect(fills(darkSVG) == Array(MarbleSVG.Palette.dark.elementFills.prefix(6)))
        }

        @Test func aPaletteOfYourOwnIsUsedThroughout() throws {
            var palette = MarbleSVG.Palette.light
            palette.background = "#000001"
            palette.ink = "#000002"
            palette.elementFills = ["#000003"]
            palette.elementInk = "#000004"
            var diagram = mapDiagram().0
            diagram.palette = palette
            let parsed = ParsedSVG(diagram.svg)
            #expect(parsed.marks("background").first?.attributes["fill"] == "#000001")
            #expect(parsed.marks("subscribed").allSatisfy { $0.attributes["stroke"] == "#000002" })
            #expect(parsed.marks("next").allSatisfy { $0.attributes["fill"] == "#000003" && $0.attributes["stroke"] == "#000002" })
            #expect(parsed.marks("label").allSatisfy { $0.attributes["fill"] == "#000004" })
            #expect(parsed.marks("next").count == 6)
        }

        @Test func aLongLabelGetsAPillAsWideAsItsTextAndTheRowKeepsItsHeight() throws {
            let short: [RippleTest.Recorded<Event<String>>] = [.next(210, "ab"), .next(260, "cd")]
            let long: [RippleTest.Recorded<Event<String>>] = [.next(210, "ab"), .next(260, "even 12")]
            let draw = { (events: [RippleTest.Recorded<Event<String>>]) in
                MarbleSVG(inputs: [], operator: nil, outputs: [MarbleSVG.Timeline("out", events: events)]).svg
            }
            let parsed = ParsedSVG(draw(long))
            #expect(parsed.parseError == nil)
            let marks = parsed.marks("next")
            #expect(marks.map(\.name) == ["circle", "rect"])
            let pill = try #require(marks.last)
            let x = try #require(number(pill.attributes["x"]))
            let width = try #require(number(pill.attributes["width"]))
            let height = try #require(number(pill.attributes["height"]))
            // Centred on the time's x, where the circle of a short label would be; as high
            // as a circle, fully rounded, and wider than high.
            let circleX = try #require(number(ParsedSVG(draw(short)).marks("next").last?.attributes["cx"]))
            #expect(x + width / 2 == circleX)
            #expect(height == 26)
            #expect(number(pill.attributes["rx"]) == 13)
            #expect(width > 7 * 6)
            #expect(pill.attributes["data-time"] == "260")
            #expect(pill.text == "next(even 12) @ 260")
            #expect(parsed.marks("label").map(\.text) == ["ab", "even 12"])
            #expect(parsed.marks("label").last?.attributes["font-size"] == "11")
            // The row is as high as with short labels: the picture's height does not change.
            let svgHeight = { (svg: String) in ParsedSVG(svg).elements.first?.attributes["height"] }
            #expect(svgHeight(draw(long)) == svgHeight(draw(short)))
        }

        @Test func anExplicitTimeRangeLeavesOutMarksOutsideIt() {
            let layout = MarbleSVG.Layout(start: 200, end: 240)
            let events: [RippleTest.Recorded<Event<Int>>] = [.next(190, 0), .next(210, 1), .next(250, 2)]
            let diagram = MarbleSVG(inputs: [], operator: nil, outputs: [
                MarbleSVG.Timeline("out", events: events, subscriptions: [Subscription(180, 300)]),
            ], layout: layout)
            let parsed = ParsedSVG(diagram.svg)
            #expect(parsed.marks("next").map { $0.attributes["data-time"] } == ["210"])
            #expect(parsed.marks("subscribe").isEmpty)
            #expect(parsed.marks("dispose").isEmpty)
            #expect(diagram.textDiagram == "marbles, 10 ticks per column from 200:\nout: -1")
        }
    }
}
