/// Whether a resource is FHIR R4. JSON of other FHIR versions looks alike, so a resource is
/// refused when its `meta.profile` names another version's definitions, or its type exists only
/// in another version (STU3's ProcedureRequest, R5's ActorDefinition): read as R4 its elements
/// would be misread.
enum FHIRVersion {
    /// Parts of a profile URL that name a FHIR version other than R4.
    static let otherVersionMarks = ["/fhir/5.0", "/fhir/R5/", "/fhir/R6/", "/fhir/6.0", "/fhir/3.0", "/fhir/STU3/",
                                    "/fhir/1.0", "/fhir/DSTU2/", "/fhir/R3/", "/fhir/stu3/", "/fhir/dstu2/"]

    /// Resource types of STU3 and DSTU2 that R4 dropped or renamed, and types R4B and R5 added.
    static let otherVersionTypes: Set<String> = [
        "ProcedureRequest", "ReferralRequest", "DeviceComponent", "ProcessRequest", "ProcessResponse", "DataElement",
        "EligibilityRequest", "EligibilityResponse", "ExpansionProfile", "ImagingManifest", "Sequence", "BodySite",
        "DiagnosticOrder", "Order", "OrderResponse", "DeviceUseRequest", "MedicationOrder", "Conformance",
        "ActorDefinition", "ArtifactAssessment", "ConditionDefinition", "DeviceDispense", "DeviceUsage", "EncounterHistory",
        "FormularyItem", "GenomicStudy", "ImagingSelection", "InventoryItem", "InventoryReport", "NutritionIntake",
        "NutritionProduct", "Permission", "RequestOrchestration", "Requirements", "SubscriptionStatus", "SubscriptionTopic",
        "TestPlan", "Transport", "ClinicalUseDefinition", "AdministrableProductDefinition", "ManufacturedItemDefinition",
        "PackagedProductDefinition", "RegulatedAuthorization", "Ingredient", "Citation", "EvidenceReport",
    ]

    static func check(_ resource: FHIRElement, type: String) throws(RowRejection) {
        if otherVersionTypes.contains(type) {
            throw RowRejection(reason: .notR4, column: nil, columnName: resource.path("resourceType"),
                               message: "\(type) is not a FHIR R4 resource type; Cairn reads FHIR R4 (export the data as R4)")
        }
        let profiles = (resource.object("meta")?.fields["profile"] as? [Any] ?? []).compactMap { $0 as? String }
        for (index, profile) in profiles.enumerated() where otherVersionMarks.contains(where: profile.contains) {
            throw RowRejection(reason: .notR4, column: nil, columnName: resource.path("meta.profile[\(index)]"),
                               message: "the resource claims \(profile), a profile of another FHIR version; Cairn reads FHIR R4 "
                                + "(export the data as R4)")
        }
    }
}
