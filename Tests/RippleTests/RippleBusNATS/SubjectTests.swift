import Testing
@testable import RippleBusNATS

extension RippleTests {
    /// Subject rules, on the ASCII fast path and on the `Character` path for the rest:
    /// both must give the same verdicts.
    @Suite struct NATSSubjectTests {
        @Test func asciiSubjectsAreJudgedByTheRules() {
            let valid = ["a", "orders.placed", "a-b_c.D9", "_INBOX.x.1", "ripple.bus.Event"]
            let invalid = ["", ".", "a.", ".a", "a..b", "a b", "a\tb", "a\nb", "a\rb", "a\u{0B}b", "a\u{0C}b", "a\u{0}b", "a\r\nb"]
            #expect(valid.allSatisfy { Subject.isValid($0, allowWildcards: false) })
            #expect(invalid.allSatisfy { !Subject.isValid($0, allowWildcards: false) && !Subject.isValid($0, allowWildcards: true) })
        }

        @Test func wildcardsAreWholeTokensAndTheTailWildcardComesLast() {
            #expect(Subject.isValid("a.*.c", allowWildcards: true))
            #expect(Subject.isValid("a.>", allowWildcards: true))
            #expect(Subject.isValid(">", allowWildcards: true))
            #expect(!Subject.isValid("a.>.c", allowWildcards: true))
            #expect(!Subject.isValid("a.*", allowWildcards: false))
            #expect(!Subject.isValid("a.>", allowWildcards: false))
            // Not whole tokens: ordinary characters.
            #expect(Subject.isValid("a.b*", allowWildcards: false))
            #expect(Subject.isValid("a.>b", allowWildcards: false))
        }

        @Test func nonASCIISubjectsFollowTheSameRulesWithUnicodeWhitespace() {
            #expect(Subject.isValid("café.crème", allowWildcards: false))
            #expect(Subject.isValid("日本.*", allowWildcards: true))
            #expect(!Subject.isValid("café..crème", allowWildcards: false))
            #expect(!Subject.isValid("café\u{00A0}crème", allowWildcards: false))
            #expect(!Subject.isValid("a\u{2028}é", allowWildcards: false))
            #expect(!Subject.isValid("é.>.x", allowWildcards: true))
            // A byte the ASCII rules refuse, before or after a non-ASCII one.
            #expect(!Subject.isValid("a b.é", allowWildcards: false))
            #expect(!Subject.isValid("é.a\tb", allowWildcards: false))
            #expect(!Subject.isValid("a..é", allowWildcards: false))
            #expect(!Subject.isValid("*.é", allowWildcards: false))
            #expect(Subject.isValid("*.é", allowWildcards: true))
        }
    }
}
