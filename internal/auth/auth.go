// Package auth holds staff accounts, password hashing, server-side sessions,
// CSRF tokens, login throttling and password resets.
package auth

import (
	"context"
	"errors"
	"time"

	"socius/internal/problem"
)

// Errors returned by the service; httpapi maps them to status codes.
var (
	ErrBadCredentials error = problem.Refuse(problem.Unauthenticated, "auth.bad_credentials", "Usuario o contraseña incorrectos")
	ErrThrottled      error = problem.Refuse(problem.Throttled, "auth.throttled",
		"Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo")
	ErrWrongPassword    error = problem.Invalidf("auth.wrong_password", "", "La contraseña actual no es correcta")
	ErrPasswordTooShort error = problem.Invalidf("auth.password_too_short", "", "La contraseña debe tener al menos %d caracteres", MinPasswordLen)
	ErrPasswordTooLong  error = problem.Invalidf("auth.password_too_long", "", "La contraseña no puede tener más de %d caracteres", MaxPasswordLen)
	ErrResetInvalid     error = problem.Invalidf("auth.reset_invalid", "", "El enlace para cambiar la contraseña no es válido o ha caducado")
	ErrUsernameTaken          = errors.New("username taken")
	ErrNotFound               = errors.New("not found")
	// ErrResetLimited: too many reset links for one account. The public
	// request answers as if it had worked; a staff invitation shows this.
	ErrResetLimited = &problem.Invalid{Code: "auth.reset_limited",
		Message: "Ya se han enviado varios enlaces para cambiar la contraseña de esta cuenta. Usa el último o espera una hora antes de pedir otro"}
)

// Reset links per account: enough for a lost mail or two, too few to flood a
// mailbox. Open links are unused and unexpired; requests are counted over
// resetWindow.
const (
	MaxOpenResets   = 3
	MaxResetsWindow = 5
	resetWindow     = time.Hour
)

// Password length limits: the spec caps the inputs at 30 characters.
const (
	MinPasswordLen = 8
	MaxPasswordLen = 30
)

// User is a staff account.
type User struct {
	ID        int64  `db:"id"`
	Username  string `db:"username"`
	Email     string `db:"email"`
	Hash      string `db:"password_hash"`
	Name      string `db:"name"`
	Surname   string `db:"surname"`
	DNI       string `db:"dni"`
	Birthdate int64  `db:"birthdate"`
	Phone     string `db:"phone"`
	MjID      string `db:"mj_id"`
	Status    int    `db:"status"`
	Created   int64  `db:"created"`
	LastLogin int64  `db:"last_login"`
	// Lang is the language the person last used the app in ('' before any).
	Lang string `db:"lang"`
	// ProviderAdmin opens the provider's console (socius admin user create --provider-admin).
	ProviderAdmin bool `db:"provider_admin"`
}

// Session is a logged-in browser.
type Session struct {
	ID       string `db:"id"`
	UserID   int64  `db:"user_id"`
	CSRF     string `db:"csrf"`
	Created  int64  `db:"created"`
	LastSeen int64  `db:"last_seen"`
	Expires  int64  `db:"expires"`
}

// Config holds the tunables; zero values get sensible defaults.
//
// Failed logins are counted over ThrottleWindow per account and address
// pair, per account and per address. Only a pair (one place hammering one
// account) and an address past its high ceiling are refused; an account as
// such is only slowed, so nobody can lock its owner out from elsewhere.
type Config struct {
	IdleTimeout      time.Duration // session ends after this long without a request
	MaxAge           time.Duration // and never lives longer than this
	ThrottleWindow   time.Duration // failures are counted over this window
	SlowAfter        int           // failures of an account before each attempt on it is slowed
	LockAfter        int           // failures of an account from one address before that pair is refused (429)
	AddressLimit     int           // failures from one address, any accounts, before it is refused (429)
	AddressSlowAfter int           // failures from one address before its attempts are slowed
	SlowStep         time.Duration // added delay per failure past the slow threshold
	MaxDelay         time.Duration // the delay never exceeds this
	ResetValidity    time.Duration
	Now              func() time.Time
	Sleep            func(context.Context, time.Duration)
	// FastHashing stores passwords at argon2id's smallest cost. Test binaries
	// only: New panics when it is set anywhere else.
	FastHashing bool
}

// NewUser holds the fields of a new account.
type NewUser struct {
	Username, Password, Email, Name, Surname, DNI, Phone string
	Birthdate                                            int64
}

// LoginResult is a new session: Token goes into the cookie, Session.CSRF to the client.
type LoginResult struct {
	User    *User
	Session Session
	Token   string
}
