/// Rules for subject names: dot-separated tokens, no whitespace or NUL (a CRLF is one `Character`,
/// so `isWhitespace` rather than a list of characters), no empty token; `*` and
/// `>` are wildcards only as whole tokens (and `>` only last).
enum Subject {
    static func isValid(_ subject: String, allowWildcards: Bool) -> Bool {
        if subject.isEmpty {
            return false
        }
        // Every publish checks its subject: an ASCII one is checked on its bytes, with the
        // same rules (ASCII whitespace is exactly tab, LF, VT, FF, CR and space).
        if let verdict = subject.utf8.withContiguousStorageIfAvailable({ isValidASCII($0, allowWildcards: allowWildcards) }),
           let verdict {
            return verdict
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

    /// The rules on the UTF-8 bytes of a subject; `nil` when it is not all ASCII (then
    /// the `Character` rules decide, for Unicode whitespace).
    private static func isValidASCII(_ bytes: UnsafeBufferPointer<UInt8>, allowWildcards: Bool) -> Bool? {
        var tokenStart = 0
        var valid = true
        for index in 0...bytes.count {
            let byte: UInt8 = index < bytes.count ? bytes[index] : 0x2E
            if byte >= 0x80 {
                return nil
            }
            if byte != 0x2E {
                // NUL, tab, LF, VT, FF, CR, space.
                if byte == 0 || (byte >= 0x09 && byte <= 0x0D) || byte == 0x20 {
                    valid = false
                }
                continue
            }
            let length = index - tokenStart
            if length == 0 {
                valid = false
            } else if length == 1, bytes[tokenStart] == 0x2A || bytes[tokenStart] == 0x3E {
                if !allowWildcards || (bytes[tokenStart] == 0x3E && index != bytes.count) {
                    valid = false
                }
            }
            tokenStart = index + 1
        }
        return valid
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
