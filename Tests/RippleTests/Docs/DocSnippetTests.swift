import Foundation
import Testing

/// Keeps the source excerpts of "Writing an Operator" verbatim: every ```swift block of
/// the article marked as taken "verbatim from" a file must appear, character for
/// character, in that file under Sources/Ripple.
extension RippleTests {
    @Suite struct DocSnippetTests {
        @Test func verbatimExcerptsMatchTheirSource() throws {
            let article = JourneyArticle.rippleSources.appendingPathComponent("Ripple.docc/WritingAnOperator.md")
            let text = try String(contentsOf: article, encoding: .utf8)
            let marker = "<!-- sample: skip (verbatim from "
            let excerpts = text.components(separatedBy: marker).dropFirst()
            #expect(excerpts.count == 2)
            for excerpt in excerpts {
                let file = String(excerpt.prefix { $0 != "," && $0 != ")" })
                let start = try #require(excerpt.range(of: "```swift\n"))
                let end = try #require(excerpt.range(of: "```\n", range: start.upperBound..<excerpt.endIndex))
                let code = String(excerpt[start.upperBound..<end.lowerBound])
                let source = try String(contentsOf: JourneyArticle.rippleSources.appendingPathComponent(file), encoding: .utf8)
                #expect(code.count > 100)
                #expect(source.contains(code), "the excerpt from \(file) is no longer what the file says")
            }
        }
    }
}
