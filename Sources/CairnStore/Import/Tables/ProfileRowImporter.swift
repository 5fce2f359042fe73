import CairnCore
import Foundation

/// profiles rows, checked, then added or updated by `ProfileWriter`.
final class ProfileRowImporter: ContractRowImporter {
    private let context: ImportContext
    private let writer: ProfileWriter

    init(context: ImportContext) throws {
        self.context = context
        writer = try ProfileWriter(context: context)
    }

    func importRow(_ row: RowReader) throws {
        let id = try row.requiredText("profile_id")
        guard !context.profilesDefinedHere.contains(id) else {
            throw row.invalid("profile_id", "profile \"\(id)\" is defined twice in this import; keep one row",
                              reason: .duplicateProfileID)
        }
        var zone = ProfileTimeZone.utc
        if let name = try row.text("time_zone") {
            guard let known = ProfileTimeZone(identifier: name) else {
                let hint = TimeZoneNames.closest(to: name).map { "; did you mean \($0)?" } ?? "; use an IANA name such as Europe/Berlin"
                throw row.invalid("time_zone", "\(QuotedValue.of(name)) is not a known IANA time zone" + hint, reason: .unknownTimeZone)
            }
            zone = known
        }
        let birthDate = try row.text("birth_date")
        if let birthDate, CalendarDay(iso: birthDate) == nil {
            throw row.invalid("birth_date", "\"\(birthDate)\" is not a date; use YYYY-MM-DD", reason: .unparseableDate)
        }
        let deceasedDate = try row.text("deceased_date")
        if let deceasedDate {
            guard let day = CalendarDay(iso: deceasedDate) else {
                throw row.invalid("deceased_date", "\"\(deceasedDate)\" is not a date; use YYYY-MM-DD", reason: .unparseableDate)
            }
            if let birth = birthDate.flatMap({ CalendarDay(iso: $0) }), day < birth {
                throw row.invalid("deceased_date", "deceased_date \(deceasedDate) is before birth_date \(birthDate!)")
            }
        }
        let height = try row.number("height_cm")
        let weight = try row.number("weight_kg")
        if let height, !(20...280).contains(height) {
            throw row.invalid("height_cm", "\(NumberText.format(height)) cm is not a possible height; give centimetres (20-280)")
        }
        if let weight, !(0.3...700).contains(weight) {
            throw row.invalid("weight_kg", "\(NumberText.format(weight)) kg is not a possible weight; give kilograms (0.3-700)")
        }
        try writer.write(ProfileWriter.Fields(
            id: id, displayName: try row.text("display_name") ?? id, zone: zone, birthDate: birthDate,
            sex: try row.choice("sex", from: Profile.Sex.allCases.map(\.rawValue)),
            relationship: try row.choice("relationship", from: Profile.Relationship.allCases.map(\.rawValue) + ["grandparents"])
                .map { Profile.Relationship.named($0)!.rawValue },
            memberType: try row.choice("member_type", from: Profile.MemberType.allCases.map(\.rawValue)),
            heightCm: height, weightKg: weight, deceasedDate: deceasedDate))
    }
}

/// "Did you mean" for mistyped time zone names.
enum TimeZoneNames {
    static func closest(to name: String) -> String? {
        let key = name.lowercased()
        let candidates = TimeZone.knownTimeZoneIdentifiers
        if let exact = candidates.first(where: { $0.lowercased() == key }) { return exact }
        let scored = candidates.compactMap { candidate in EditDistance.within(3, key, candidate.lowercased()).map { ($0, candidate) } }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        return scored.first?.1
    }
}
