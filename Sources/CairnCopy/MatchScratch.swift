import CPCRE2
#if canImport(Glibc)
import Glibc
#endif

/// One PCRE2 match block per thread, made on the thread's first match and kept: the guard makes
/// thousands of matches for every text it reads, and a block made and freed for each (with the
/// interpreter's frames it grows into) was a few percent of linting. It holds one offset pair,
/// the whole match: capture groups are never read, and a match whose groups do not fit still
/// reports the whole match (`pcre2_match` returns 0 for it).
enum MatchScratch {
    /// The thread-local slot, or nil when the system has none left to give (then every match
    /// makes and frees its own block, as before).
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { block in
            if let block { pcre2_match_data_free_8(OpaquePointer(block)) }
        }
        return made == 0 ? key : nil
    }()

    /// `body` with this thread's block; nil when PCRE2 cannot allocate one.
    static func withBlock<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
        if let key, let kept = pthread_getspecific(key) { return body(OpaquePointer(kept)) }
        guard let made = pcre2_match_data_create_8(1, nil) else { return nil }
        if let key, pthread_setspecific(key, UnsafeRawPointer(made)) == 0 { return body(made) }
        // Not kept for the thread: freed after this match.
        defer { pcre2_match_data_free_8(made) }
        return body(made)
    }
}
