// Package app holds the configuration, the wiring of the services and the
// subcommands of the socius binary.
package app

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"socius/internal/httpapi"
)

// Config is every setting, from SOCIUS_* variables or the flags of the same
// name; a secret may come from SOCIUS_<NAME>_FILE.
type Config struct {
	DB           string
	DataDir      string
	Addr         string
	PublicURL    string
	ProvidersURL string
	ProviderName string
	AppStoreURL  string
	PlayStoreURL string
	VueVersion   string
	TrustProxy   bool
	SessionIdle  time.Duration
	LoginSlow    int
	LoginLock    int
	LoginAddress int
	SMTPHost     string
	SMTPPort     int
	SMTPUser     string
	SMTPPassword string
	SMTPFrom     string
	SMSURL       string
	SMSToken     string
	SMSFrom      string
	VAPIDPublic  string
	VAPIDPrivate string
	VAPIDSubject string
	MetricsAddr  string
	LogFormat    string
	LogRequests  bool
	Grace        time.Duration
	// Not settings: zero takes the default; tests shorten them.
	WriteTimeout time.Duration       // an answer must be written within this long of its request's headers
	Stream       httpapi.StreamTimes // the live event stream's keep-alive, re-check and lifetime
	FastHashing  bool                // passwords at argon2id's smallest cost: test binaries only (auth.Config)
	LogOutput    io.Writer           // where log lines go (standard error when nil)
}

type setting struct {
	flag, env, def, help string
	secret               bool
	set                  func(*Config, string) error
}

func str(p func(*Config) *string) func(*Config, string) error {
	return func(c *Config, v string) error { *p(c) = v; return nil }
}

var settings = []setting{
	{"db", "SOCIUS_DB", "", "database: postgres://… URL or SQLite file (default DATA/socius.db)", false, str(func(c *Config) *string { return &c.DB })},
	{"data", "SOCIUS_DATA_DIR", "./data", "data folder (SQLite database, backups)", false, str(func(c *Config) *string { return &c.DataDir })},
	{"addr", "SOCIUS_ADDR", ":8080", "listen address of serve", false, str(func(c *Config) *string { return &c.Addr })},
	{"public-url", "SOCIUS_PUBLIC_URL", "http://localhost:8080", "public address, used in links sent by e-mail", false, str(func(c *Config) *string { return &c.PublicURL })},
	{"providers-url", "SOCIUS_PROVIDERS_URL", "https://socius.example/proveedores", "supplier site opened by the Providers menu entry", false, str(func(c *Config) *string { return &c.ProvidersURL })},
	{"provider-name", "SOCIUS_PROVIDER_NAME", "Socius", "provider named in the feature-refused alert", false, str(func(c *Config) *string { return &c.ProviderName })},
	{"app-store-url", "SOCIUS_APP_STORE_URL", "", "members' app in Apple's App Store, shown on the app download page (empty: not offered)", false, str(func(c *Config) *string { return &c.AppStoreURL })},
	{"play-store-url", "SOCIUS_PLAY_STORE_URL", "", "members' app in Google Play, shown on the app download page (empty: not offered)", false, str(func(c *Config) *string { return &c.PlayStoreURL })},
	{"vue-version", "SOCIUS_VUE_VERSION", "", "version announced to open browsers (default: this build's)", false, str(func(c *Config) *string { return &c.VueVersion })},
	{"trust-proxy", "SOCIUS_TRUST_PROXY", "false", "take the client address and scheme from X-Forwarded-For/-Proto: set only behind a reverse proxy that overwrites them", false, func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		c.TrustProxy = b
		return err
	}},
	{"session-idle", "SOCIUS_SESSION_IDLE", "8h", "a session ends after this long without use", false, func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		c.SessionIdle = d
		return err
	}},
	{"login-slow-after", "SOCIUS_LOGIN_SLOW_AFTER", "3", "failed logins of an account in 15 minutes before each attempt on it is slowed (never refused)", false, intSet(func(c *Config) *int { return &c.LoginSlow })},
	{"login-lock-after", "SOCIUS_LOGIN_LOCK_AFTER", "10", "failed logins of an account from one address in 15 minutes before that address is refused (429) for that account", false, intSet(func(c *Config) *int { return &c.LoginLock })},
	{"login-address-limit", "SOCIUS_LOGIN_ADDRESS_LIMIT", "100", "failed logins from one address, any accounts, in 15 minutes before that address is refused (429)", false, intSet(func(c *Config) *int { return &c.LoginAddress })},
	{"smtp-host", "SOCIUS_SMTP_HOST", "", "SMTP server for password-reset mail (empty: links go to the log)", false, str(func(c *Config) *string { return &c.SMTPHost })},
	{"smtp-port", "SOCIUS_SMTP_PORT", "587", "SMTP port", false, intSet(func(c *Config) *int { return &c.SMTPPort })},
	{"smtp-user", "SOCIUS_SMTP_USER", "", "SMTP user", false, str(func(c *Config) *string { return &c.SMTPUser })},
	{"smtp-password", "SOCIUS_SMTP_PASSWORD", "", "SMTP password (or SOCIUS_SMTP_PASSWORD_FILE)", true, str(func(c *Config) *string { return &c.SMTPPassword })},
	{"smtp-from", "SOCIUS_SMTP_FROM", "socius@localhost", "sender address of mail", false, str(func(c *Config) *string { return &c.SMTPFrom })},
	{"sms-url", "SOCIUS_SMS_URL", "", "SMS gateway: JSON {to, from, text} is POSTed here (empty: SMS are stored as not sent)", false, str(func(c *Config) *string { return &c.SMSURL })},
	{"sms-token", "SOCIUS_SMS_TOKEN", "", "bearer token of the SMS gateway (or SOCIUS_SMS_TOKEN_FILE)", true, str(func(c *Config) *string { return &c.SMSToken })},
	{"sms-from", "SOCIUS_SMS_FROM", "Socius", "sender name or number of SMS", false, str(func(c *Config) *string { return &c.SMSFrom })},
	{"vapid-public-key", "SOCIUS_VAPID_PUBLIC_KEY", "", "Web Push VAPID public key (empty: push messages are stored as not sent)", false, str(func(c *Config) *string { return &c.VAPIDPublic })},
	{"vapid-private-key", "SOCIUS_VAPID_PRIVATE_KEY", "", "Web Push VAPID private key (or SOCIUS_VAPID_PRIVATE_KEY_FILE)", true, str(func(c *Config) *string { return &c.VAPIDPrivate })},
	{"vapid-subject", "SOCIUS_VAPID_SUBJECT", "mailto:admin@localhost", "contact sent to push services", false, str(func(c *Config) *string { return &c.VAPIDSubject })},
	{"metrics-addr", "SOCIUS_METRICS_ADDR", "", "listen address of the Prometheus metrics (/metrics), e.g. 127.0.0.1:9090; keep it private (empty: no metrics)", false, str(func(c *Config) *string { return &c.MetricsAddr })},
	{"log-format", "SOCIUS_LOG_FORMAT", "text", "log lines as text or json", false, func(c *Config, v string) error {
		if v != "text" && v != "json" {
			return fmt.Errorf("text or json")
		}
		c.LogFormat = v
		return nil
	}},
	{"log-requests", "SOCIUS_LOG_REQUESTS", "true", "one log line per request (method, route, status, duration, bytes, club and user ids, request id)", false, func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		c.LogRequests = b
		return err
	}},
	{"shutdown-grace", "SOCIUS_SHUTDOWN_GRACE", "20s", "on SIGTERM, how long requests in flight have to finish before their connections are closed", false, func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d < 0 {
			err = fmt.Errorf("negative")
		}
		c.Grace = d
		return err
	}},
}

func intSet(p func(*Config) *int) func(*Config, string) error {
	return func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		*p(c) = n
		return err
	}
}

// BindFlags adds every setting to fs; the values are applied by load.
func BindFlags(fs *flag.FlagSet) map[string]*string {
	vals := map[string]*string{}
	for _, s := range settings {
		vals[s.flag] = fs.String(s.flag, "", fmt.Sprintf("%s (env %s, default %q)", s.help, s.env, s.def))
	}
	return vals
}

// Load resolves each setting: flag, then environment (or _FILE), then default.
func Load(vals map[string]*string) (*Config, error) {
	c := &Config{}
	for _, s := range settings {
		v := s.def
		if e, ok := os.LookupEnv(s.env); ok {
			v = e
		}
		if f := os.Getenv(s.env + "_FILE"); f != "" && s.secret {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, fmt.Errorf("%s_FILE: %w", s.env, err)
			}
			v = strings.TrimSpace(string(b))
		}
		if p := vals[s.flag]; p != nil && *p != "" {
			v = *p
		}
		if err := s.set(c, v); err != nil {
			return nil, fmt.Errorf("%s / --%s: %q: %w", s.env, s.flag, v, err)
		}
	}
	if c.DB == "" {
		c.DB = filepath.Join(c.DataDir, "socius.db")
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	if c.SessionIdle < time.Minute && c.SessionIdle != 0 {
		return nil, fmt.Errorf("SOCIUS_SESSION_IDLE must be at least 1m")
	}
	if c.LoginSlow < 1 || c.LoginLock < 1 || c.LoginAddress < 1 {
		return nil, fmt.Errorf("SOCIUS_LOGIN_SLOW_AFTER, SOCIUS_LOGIN_LOCK_AFTER and SOCIUS_LOGIN_ADDRESS_LIMIT must be at least 1")
	}
	if c.MetricsAddr != "" {
		_, mp, err1 := net.SplitHostPort(c.MetricsAddr)
		_, ap, err2 := net.SplitHostPort(c.Addr)
		if err1 != nil {
			return nil, fmt.Errorf("SOCIUS_METRICS_ADDR: %w", err1)
		}
		// The metrics say how busy each route is: they are for the provider, not the public port.
		if err2 == nil && mp == ap {
			return nil, fmt.Errorf("SOCIUS_METRICS_ADDR must not be the public port (SOCIUS_ADDR)")
		}
	}
	// An address ceiling under the pair lock would let one address lock
	// everyone out again.
	if c.LoginAddress < c.LoginLock {
		return nil, fmt.Errorf("SOCIUS_LOGIN_ADDRESS_LIMIT must be at least SOCIUS_LOGIN_LOCK_AFTER")
	}
	return c, nil
}

// Describe lists the settings as a Markdown table (README).
func Describe() string {
	var b strings.Builder
	b.WriteString("| variable | flag | default | meaning |\n|---|---|---|---|\n")
	for _, s := range settings {
		fmt.Fprintf(&b, "| `%s` | `--%s` | `%s` | %s |\n", s.env, s.flag, s.def, s.help)
	}
	return b.String()
}
