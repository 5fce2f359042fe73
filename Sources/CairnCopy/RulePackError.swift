import CairnCore

/// A rule file, vocabulary or catalog file that cannot be used, with where and how to fix it.
public typealias RulePackError = DataFileError
