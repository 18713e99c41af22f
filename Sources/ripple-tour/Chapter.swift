/// One chapter of the tour: a named, self-contained demonstration that runs real
/// Ripple code and prints what happens.
struct Chapter: Sendable {
    /// The name `swift run ripple-tour NAME` selects it by.
    let name: String
    /// One line for `--list`.
    let summary: String
    /// Runs the chapter; `trace` asks it to show the library's internal steps too.
    let run: @Sendable (_ options: TourOptions) -> Void
}

/// Command-line options every chapter can read.
struct TourOptions: Sendable {
    /// `--trace`: print the numbered journey steps the library reports.
    var trace = false
    /// `--svg DIR`: chapters that run in virtual time also draw their scenario as SVG
    /// marble diagrams into this directory.
    var svgDirectory: String?
}
