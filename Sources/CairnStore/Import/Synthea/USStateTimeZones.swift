/// The IANA time zone of a US state or territory as Synthea names it in patients.csv (STATE):
/// for a state with more than one zone, the zone where most of its people live (Florida's
/// panhandle, western Kentucky, eastern Tennessee and the like take their state's main zone;
/// `--time-zone` sets the zone of patients in places this table lacks).
enum USStateTimeZones {
    static func zone(forState state: String) -> String? {
        let key = state.trimmingSpaces().lowercased()
        return zones[key] ?? abbreviations[key].flatMap { zones[$0] }
    }

    /// The USPS two-letter codes (FHIR addresses often carry them: "MA").
    private static let abbreviations: [String: String] = [
        "al": "alabama", "ak": "alaska", "az": "arizona", "ar": "arkansas", "ca": "california", "co": "colorado",
        "ct": "connecticut", "de": "delaware", "dc": "district of columbia", "fl": "florida", "ga": "georgia",
        "hi": "hawaii", "id": "idaho", "il": "illinois", "in": "indiana", "ia": "iowa", "ks": "kansas",
        "ky": "kentucky", "la": "louisiana", "me": "maine", "md": "maryland", "ma": "massachusetts", "mi": "michigan",
        "mn": "minnesota", "ms": "mississippi", "mo": "missouri", "mt": "montana", "ne": "nebraska", "nv": "nevada",
        "nh": "new hampshire", "nj": "new jersey", "nm": "new mexico", "ny": "new york", "nc": "north carolina",
        "nd": "north dakota", "oh": "ohio", "ok": "oklahoma", "or": "oregon", "pa": "pennsylvania", "ri": "rhode island",
        "sc": "south carolina", "sd": "south dakota", "tn": "tennessee", "tx": "texas", "ut": "utah", "vt": "vermont",
        "va": "virginia", "wa": "washington", "wv": "west virginia", "wi": "wisconsin", "wy": "wyoming",
        "pr": "puerto rico", "gu": "guam", "vi": "us virgin islands", "as": "american samoa", "mp": "northern mariana islands",
    ]

    private static let zones: [String: String] = [
        "alabama": "America/Chicago", "alaska": "America/Anchorage", "arizona": "America/Phoenix",
        "arkansas": "America/Chicago", "california": "America/Los_Angeles", "colorado": "America/Denver",
        "connecticut": "America/New_York", "delaware": "America/New_York", "district of columbia": "America/New_York",
        "florida": "America/New_York", "georgia": "America/New_York", "hawaii": "Pacific/Honolulu",
        "idaho": "America/Boise", "illinois": "America/Chicago", "indiana": "America/Indiana/Indianapolis",
        "iowa": "America/Chicago", "kansas": "America/Chicago", "kentucky": "America/New_York",
        "louisiana": "America/Chicago", "maine": "America/New_York", "maryland": "America/New_York",
        "massachusetts": "America/New_York", "michigan": "America/Detroit", "minnesota": "America/Chicago",
        "mississippi": "America/Chicago", "missouri": "America/Chicago", "montana": "America/Denver",
        "nebraska": "America/Chicago", "nevada": "America/Los_Angeles", "new hampshire": "America/New_York",
        "new jersey": "America/New_York", "new mexico": "America/Denver", "new york": "America/New_York",
        "north carolina": "America/New_York", "north dakota": "America/Chicago", "ohio": "America/New_York",
        "oklahoma": "America/Chicago", "oregon": "America/Los_Angeles", "pennsylvania": "America/New_York",
        "rhode island": "America/New_York", "south carolina": "America/New_York", "south dakota": "America/Chicago",
        "tennessee": "America/Chicago", "texas": "America/Chicago", "utah": "America/Denver",
        "vermont": "America/New_York", "virginia": "America/New_York", "washington": "America/Los_Angeles",
        "west virginia": "America/New_York", "wisconsin": "America/Chicago", "wyoming": "America/Denver",
        "puerto rico": "America/Puerto_Rico", "guam": "Pacific/Guam", "us virgin islands": "America/St_Thomas",
        "american samoa": "Pacific/Pago_Pago", "northern mariana islands": "Pacific/Saipan",
    ]
}
