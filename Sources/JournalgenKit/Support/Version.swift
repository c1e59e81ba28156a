public enum JournalgenVersion {
    public static let current = "0.1.0"
}
