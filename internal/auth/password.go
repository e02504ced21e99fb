package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// argonCost is an argon2id cost: passes and memory in KiB.
type argonCost struct{ time, memory uint32 }

// The cost of every stored password: OWASP's minimum recommendation, 19 MiB
// and 2 passes. testCost is the smallest argon2id allows, for test binaries
// only (Config.FastHashing): the race detector makes the real cost take a
// second, and an API test logs dozens of users in.
var (
	storedCost = argonCost{time: 2, memory: 19 * 1024}
	testCost   = argonCost{time: 1, memory: 8}
)

const (
	argonThreads = 1
	argonKeyLen  = 32
)

// HashPassword returns an argon2id hash in the PHC string format.
func HashPassword(password string) (string, error) { return hashPassword(password, storedCost) }

func hashPassword(password string, c argonCost) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, c.time, c.memory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, c.memory, c.time,
		argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches the PHC-encoded hash.
func CheckPassword(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("auth: unknown hash format")
	}
	var mem, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &t, &p); err != nil {
		return false, err
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, t, mem, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when the username is unknown, so a wrong
// username costs the same time as a wrong password.
var dummyHash, _ = HashPassword("socius-timing-equaliser")

// testDummyHash is dummyHash at the test cost, so the two answers still cost the same.
var testDummyHash, _ = hashPassword("socius-timing-equaliser", testCost)
