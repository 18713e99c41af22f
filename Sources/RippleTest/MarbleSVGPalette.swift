extension MarbleSVG {
    /// The colours of a diagram, as CSS colour strings (`#rrggbb`).
    ///
    /// Start from ``light`` or ``dark`` and change what you need:
    ///
    /// ```swift
    /// var palette = MarbleSVG.Palette.dark
    /// palette.background = "#000000"
    /// let picture = MarbleSVG(inputs: inputs, operator: "map", outputs: outputs, palette: palette).svg
    /// ```
    ///
    /// DocC shows `name~dark.svg` instead of `name.svg` on a page in the dark appearance,
    /// so writing a diagram once with each palette gives a picture for both.
    public struct Palette: Sendable, Equatable {
        /// The picture's background.
        public var background: String
        /// Names, subscribed axes, completion bars and outlines.
        public var ink: String
        /// The fills of the element circles, given out in order of each label's first
        /// appearance (the same label has the same fill on every timeline); must not be
        /// empty.
        public var elementFills: [String] {
            didSet { precondition(!elementFills.isEmpty, "a palette needs at least one element fill") }
        }
        /// The labels inside the element circles (drawn on `elementFills`).
        public var elementInk: String
        /// The axis while nothing is subscribed.
        public var unsubscribedInk: String
        /// Error crosses.
        public var errorInk: String
        /// Subscription triangles.
        public var subscribeInk: String
        /// Disposal squares.
        public var disposeInk: String
        /// The operator box.
        public var operatorFill: String
        /// The ruler's lines.
        public var rulerInk: String
        /// The ruler's numbers.
        public var rulerText: String
        /// The legend's text.
        public var legendText: String

        /// Dark ink and pastel elements on white: for light pages and print.
        public static let light = Palette(
            background: "#ffffff", ink: "#222222",
            elementFills: ["#ffd166", "#8ecae6", "#b9e769", "#f4a3c0", "#cdb4db", "#ffb37a", "#a0e3d8", "#e9e9a0"],
            elementInk: "#222222", unsubscribedInk: "#9a9a9a", errorInk: "#d62828",
            subscribeInk: "#2a9d8f", disposeInk: "#e76f51", operatorFill: "#f3f3f3",
            rulerInk: "#bbbbbb", rulerText: "#666666", legendText: "#444444"
        )

        /// Light ink on near-black, with deeper element fills under dark labels: for pages
        /// in a dark appearance (such as DocC's dark theme).
        public static let dark = Palette(
            background: "#1c1c1e", ink: "#e8e8e8",
            elementFills: ["#e9b949", "#5fa8d3", "#8fc25a", "#e07fa3", "#a88bc7", "#ec8f50", "#5cc0b0", "#c4c46a"],
            elementInk: "#111111", unsubscribedInk: "#7c7c80", errorInk: "#ff6b6b",
            subscribeInk: "#43c6ac", disposeInk: "#f4845f", operatorFill: "#2c2c2e",
            rulerInk: "#58585c", rulerText: "#a8a8ad", legendText: "#c8c8cc"
        )

        private init(
            background: String, ink: String, elementFills: [String], elementInk: String,
            unsubscribedInk: String, errorInk: String, subscribeInk: String, disposeInk: String,
            operatorFill: String, rulerInk: String, rulerText: String, legendText: String
        ) {
            self.background = background
            self.ink = ink
            self.elementFills = elementFills
            self.elementInk = elementInk
            self.unsubscribedInk = unsubscribedInk
            self.errorInk = errorInk
            self.subscribeInk = subscribeInk
            self.disposeInk = disposeInk
            self.operatorFill = operatorFill
            self.rulerInk = rulerInk
            self.rulerText = rulerText
            self.legendText = legendText
        }
    }
}
