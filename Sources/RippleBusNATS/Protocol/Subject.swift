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
        // One pass, few tests per byte (every publish runs it): a byte above the space is
        // either a dot, non-ASCII or ordinary; at or below it, only the control bytes
        // the rules name are refused. A refused byte decides at once: the `Character`
        // rules refuse it too, whatever follows.
        var tokenStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x2E {
                if !isValidToken(bytes, from: tokenStart, to: index, allowWildcards: allowWildcards) {
                    return false
                }
                tokenStart = index + 1
            } else if byte >= 0x80 {
                return nil
            } else if byte <= 0x20, byte == 0 || byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                // NUL, tab, LF, VT, FF, CR, space.
                return false
            }
            index += 1
        }
        return isValidToken(bytes, from: tokenStart, to: bytes.count, allowWildcards: allowWildcards)
    }

    /// Whether `bytes[start..<end]` may be a token: not empty, and a wildcard (`*`, or `>`
    /// as the last token) only where wildcards are allowed.
    private static func isValidToken(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, allowWildcards: Bool) -> Bool {
        switch end - start {
        case 0:
            return false
        case 1 where bytes[start] == 0x2A:
            return allowWildcards
        case 1 where bytes[start] == 0x3E:
            return allowWildcards && end == bytes.count
        default:
            return true
        }
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
