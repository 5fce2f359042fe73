import CairnStore

/// Every profile's data at once, for small datasets and tests; runs over a population read
/// profiles one at a time through `ProfileSource`.
public enum ProfileDataLoader {
    public static func load(_ dataset: Dataset) throws -> [ProfileData] {
        try ProfileSource(dataset).loadAll()
    }
}
