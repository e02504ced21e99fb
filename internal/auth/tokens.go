package auth

// HashToken is how a one-time token (reset, account link) is stored: only
// its hash, so a copy of the database cannot be used to follow the links.
func HashToken(t string) string { return hashToken(t) }
