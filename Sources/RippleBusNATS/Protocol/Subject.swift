/// Rules for subject names: dot-separated tokens, no whitespace or NUL (a CRLF is one `Character`,
/// so `isWhitespace` rather than a list of characters), no empty token; `*` and
/// `>` are wildcards only as whole tokens (and `>` only last).
enum Subject {
    static func isValid(_ subject: String, allowWildcards: Bool) -> Bool {
        if subject.isEmpty {
            return false
        }
        let tokens = subject.split(separator: ".", omittingEmptySubsequences: false)
        for (index, token) in tokens.enumerated() {
            // NUL: the server refuses it, and C-string handling would cut the subject there.
            if token.isEmpty || token.contains(where: { $0.isWhitespace || $0 == "\u{0}" }) {
                return false
            }
            if token == "*" || token == ">" {
                if !allowWildcards || (token == ">" && index != tokens.count - 1) {
                    return false
                }
            }
        }
        return true
    }

    /// `name` made into one subject token: characters outside `A-Z a-z 0-9 _ -` become `_`.
    static func token(from name: String) -> String {
        let mapped = name.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-":
                return Character(scalar)
            default:
                return "_"
            }
        }
        return String(mapped)
    }
}
