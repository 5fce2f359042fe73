import CairnCore

/// Links and images in a notebook's prose as the rendered page may carry them. Ink copies a
/// link's or image's URL into the attribute as written: `[a](JaVaScRiPt:...)` became a script
/// link and `![d](x" onerror="...)` an image with an event handler (the page's CSP would block
/// both; the page must not carry them at all). A link is kept only when its URL is one Ink wrote
/// whole (no quote closing the attribute early) and is http, https, mailto, a fragment or a
/// relative path; anything else is shown as its Markdown text. Images are always shown as their
/// Markdown text: the page fetches nothing, so an image from elsewhere could not show anyway.
enum ProseLink {
    /// The HTML for a link Ink rendered as `html` from `markdown`.
    static func link(html: String, markdown: String) -> String {
        let opening = "<a href=\""
        guard html.hasPrefix(opening) else { return HTMLText.escape(markdown) }
        let rest = html.dropFirst(opening.count)
        guard let end = rest.firstIndex(of: "\""), rest[end...].hasPrefix("\">"), isSafe(rest[..<end]) else {
            return HTMLText.escape(markdown)
        }
        return html
    }

    /// The HTML for an image: its Markdown text.
    static func image(markdown: String) -> String {
        HTMLText.escape(markdown)
    }

    /// Whether a URL, as it stands in the attribute, may be followed from the page.
    static func isSafe(_ url: Substring) -> Bool {
        guard !url.isEmpty, !url.unicodeScalars.contains(where: { $0.value <= 0x20 || "<>'`\\".unicodeScalars.contains($0) }) else {
            return false
        }
        let lowered = url.lowercased()
        if ["https://", "http://", "mailto:", "#"].contains(where: { lowered.hasPrefix($0) }) { return true }
        // A relative path: no scheme, so no colon before the first /, ? or #; no entity either,
        // which a browser would decode into one (`java&#x09;script:`).
        let head = url.prefix { !"/?#".contains($0) }
        return !head.contains(":") && !url.contains("&#") && !lowered.hasPrefix("//")
    }
}
