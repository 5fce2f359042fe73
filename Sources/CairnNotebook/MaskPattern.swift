import CPCRE2

/// A notebook's `mask="REGEX"`, matched by PCRE2 under a match and depth limit: a notebook
/// comes from someone else, and a pattern with catastrophic backtracking must not hang
/// `cairn check` (issue 22). When a limit is hit the whole output becomes one line that names
/// the pattern, so the block fails its check saying why instead of running on.
struct MaskPattern {
    /// Backtracking steps and nesting PCRE2 may spend on one match attempt: far above what a
    /// mask over a block's output needs, far below what an exponential pattern asks for.
    static let matchLimit: UInt32 = 1_000_000
    static let depthLimit: UInt32 = 10_000

    struct Failure: Error {
        let message: String
    }

    /// Checks that a pattern compiles (at parse time), with PCRE2's reason when it does not.
    static func validate(_ pattern: String) throws(Failure) {
        let code = try compile(pattern)
        pcre2_code_free_8(code)
    }

    /// The text with every match replaced by `[masked]`, or the one line saying the pattern
    /// stopped at a limit.
    static func replace(_ pattern: String, in text: String) -> String {
        guard let code = try? compile(pattern) else { return text }
        defer { pcre2_code_free_8(code) }
        guard let context = pcre2_match_context_create_8(nil) else { return text }
        defer { pcre2_match_context_free_8(context) }
        pcre2_set_match_limit_8(context, matchLimit)
        pcre2_set_depth_limit_8(context, depthLimit)
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return text }
        defer { pcre2_match_data_free_8(data) }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var start = 0, copied = 0
        while start <= bytes.count {
            let status = bytes.withUnsafeBufferPointer { buffer in
                pcre2_match_8(code, buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count, start, 0, data, context)
            }
            if status == PCRE2_ERROR_MATCHLIMIT || status == PCRE2_ERROR_DEPTHLIMIT {
                return "[mask=\"\(pattern)\" stopped: it backtracks past PCRE2's match limit; simplify the pattern]\n"
            }
            guard status > 0, let vector = pcre2_get_ovector_pointer_8(data) else { break }
            let (lower, upper) = (vector[0], vector[1])
            result += bytes[copied..<lower]
            result += Array("[masked]".utf8)
            copied = upper
            // An empty match moves on by one character (all of its UTF-8 bytes).
            start = upper > lower ? upper : upper + 1
            while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
        }
        result += bytes[min(copied, bytes.count)...]
        return String(decoding: result, as: UTF8.self)
    }

    private static func compile(_ pattern: String) throws(Failure) -> OpaquePointer {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = pattern.withCString { source in
            pcre2_compile_8(UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self), cairn_pcre2_zero_terminated(),
                            PCRE2_UTF | PCRE2_UCP, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            var buffer = [UInt8](repeating: 0, count: 256)
            let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
            throw Failure(message: length > 0 ? String(decoding: buffer[..<Int(length)], as: UTF8.self) : "error \(errorCode)")
        }
        return compiled
    }
}
