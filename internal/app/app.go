package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"socius/internal/auth"
	"socius/internal/cash"
	"socius/internal/catalog"
	"socius/internal/club"
	"socius/internal/comms"
	"socius/internal/coupon"
	"socius/internal/cultivation"
	"socius/internal/dataexport"
	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/httpapi"
	"socius/internal/inventory"
	"socius/internal/member"
	"socius/internal/notify"
	"socius/internal/novelty"
	"socius/internal/observe"
	"socius/internal/pos"
	"socius/internal/provider"
	"socius/internal/register"
	"socius/internal/report"
	"socius/internal/retention"
	"socius/internal/rules"
	"socius/internal/social"
	"socius/internal/version"
)

// App is the wired application: its configuration, the database, the domain
// services (the one list, httpapi.Services, given to the API as it is) and the
// API.
type App struct {
	httpapi.Services
	Cfg *Config
	DB  *db.DB
	API *httpapi.Server
	// Metrics is nil unless SOCIUS_METRICS_ADDR is set.
	Metrics *observe.Metrics
	// Log is where the instance logs (Serve makes it the default logger).
	Log *slog.Logger
}

// Open connects to the database, applies migrations and wires the services.
func Open(ctx context.Context, cfg *Config) (*App, error) {
	d, err := db.Open(cfg.DB)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	a := &App{Cfg: cfg, DB: d, Services: httpapi.Services{Clubs: club.New(d), Report: report.New(d), Social: social.New(d),
		Files: files.New(d), Novelties: novelty.New(d), Rules: rules.New(d), Register: register.New(d),
		Cultivation: cultivation.New(d)}}
	a.Auth = auth.New(d, auth.Config{IdleTimeout: cfg.SessionIdle, SlowAfter: cfg.LoginSlow, LockAfter: cfg.LoginLock, AddressLimit: cfg.LoginAddress, FastHashing: cfg.FastHashing})
	a.Hub = notify.NewHub(d)
	a.Mail = logMailer{}
	if cfg.SMTPHost != "" {
		a.Mail = smtpMailer{cfg}
	}
	a.Members = member.New(d, a.Auth)
	a.Provider = provider.New(d, a.Clubs, a.Auth)
	a.Retention = retention.New(d, a.Rules, register.Forget, member.ForgetDeclarations)
	a.Catalog = catalog.New(d)
	if err := catalog.IndexMissingTerms(ctx, d); err != nil {
		d.Close()
		return nil, fmt.Errorf("product search index: %w", err)
	}
	a.Inventory = inventory.New(d)
	a.POS = pos.New(d)
	a.Members.OnDelete(pos.DropMemberCart)
	a.Coupons = coupon.New(d)
	a.Cash = cash.New(d)
	var sms comms.SMSSender
	if cfg.SMSURL != "" {
		sms = comms.HTTPSMS{URL: cfg.SMSURL, Token: cfg.SMSToken, From: cfg.SMSFrom}
	}
	var push comms.PushSender
	if cfg.VAPIDPublic != "" && cfg.VAPIDPrivate != "" {
		push = comms.WebPush{DB: d, PublicKey: cfg.VAPIDPublic, PrivateKey: cfg.VAPIDPrivate, Subject: cfg.VAPIDSubject}
	}
	a.Comms = comms.New(d, sms, push)
	// A member's data export: the member's record first, then each package's part, in this order.
	a.DataExport = dataexport.New(d, a.Members, a.POS.PersonalData, a.Social.PersonalData, a.Comms.PersonalData,
		a.Members.DeclarationsData)
	if cfg.MetricsAddr != "" {
		a.Metrics = observe.NewMetrics(version.Current, d.Pools())
	}
	a.Log = newLogger(cfg.LogFormat, cmp.Or[io.Writer](cfg.LogOutput, os.Stderr))
	var requests *slog.Logger
	if cfg.LogRequests {
		requests = a.Log
	}
	a.API = httpapi.New(httpapi.Config{TrustProxy: cfg.TrustProxy, ProvidersURL: cfg.ProvidersURL,
		ProviderName: cfg.ProviderName, AppStoreURL: cfg.AppStoreURL, PlayStoreURL: cfg.PlayStoreURL, VueVersion: cfg.VueVersion, PublicURL: cfg.PublicURL, VAPIDPublic: cfg.VAPIDPublic, Stream: cfg.Stream,
		Ready: a.ready, Metrics: a.Metrics, RequestLog: requests},
		a.Services)
	return a, nil
}

// newLogger writes text or JSON lines, each with the id of the request it belongs to.
func newLogger(format string, w io.Writer) *slog.Logger {
	var h slog.Handler = slog.NewTextHandler(w, nil)
	if format == "json" {
		h = slog.NewJSONHandler(w, nil)
	}
	return slog.New(observe.Handler{Handler: h})
}

// ready is the readiness check: the database answers, with this binary's schema.
func (a *App) ready(ctx context.Context) (int64, error) {
	have, want, err := a.DB.SchemaVersion(ctx)
	if err != nil {
		return 0, err
	}
	if have != want {
		return have, httpapi.SchemaError{Have: have, Want: want}
	}
	return have, nil
}

// Close releases the database.
func (a *App) Close() error { return a.DB.Close() }

// HTTPServer is the server Serve runs, with its limits on slow clients. An answer must be
// written within two minutes of its request's headers: the 60 s a body may take to arrive, the
// handler, and the answer itself (the largest, a 10 MB member document, needs under 1 Mbit/s;
// exports and pictures are smaller), so a client that asks and never reads does not hold its
// connection. The event stream sets its own deadline at each write.
func (a *App) HTTPServer() *http.Server {
	return &http.Server{Addr: a.Cfg.Addr, Handler: a.API, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 60 * time.Second, WriteTimeout: cmp.Or(a.Cfg.WriteTimeout, 2*time.Minute), IdleTimeout: 120 * time.Second}
}

// Serve runs the HTTP server until SIGINT/SIGTERM, then shuts down
// gracefully: readiness turns 503 and the live event streams are told to
// reconnect, the listener closes, requests in flight have the grace period to
// finish, and the caller closes the database.
func (a *App) Serve(ctx context.Context) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	slog.SetDefault(a.Log)
	go a.Hub.Run(ctx, time.Second)
	go a.Retention.Loop(ctx)
	srv := a.HTTPServer()
	if a.Cfg.SMTPHost == "" {
		slog.Warn("no SMTP configured (SOCIUS_SMTP_HOST): password-reset links are written to this log instead of being e-mailed")
	}
	if sms, push := a.Comms.Configured(); !sms || !push {
		slog.Warn("messages to members are stored but not sent where no provider is configured",
			"sms", map[bool]string{true: "configured", false: "not configured (SOCIUS_SMS_URL)"}[sms],
			"push", map[bool]string{true: "configured", false: "not configured (SOCIUS_VAPID_PUBLIC_KEY/PRIVATE_KEY)"}[push])
	}
	slog.Info("socius serving", "addr", a.Cfg.Addr, "app", a.Cfg.PublicURL+"/app/", "db", a.DB.Engine)
	errc := make(chan error, 2)
	go func() { errc <- srv.ListenAndServe() }()
	var metrics *http.Server
	if a.Metrics != nil {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", a.Metrics.Handler())
		metrics = &http.Server{Addr: a.Cfg.MetricsAddr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go func() { errc <- metrics.ListenAndServe() }()
		go func() {
			// readiness as a metric, whether or not a balancer asks for it
			t := time.NewTicker(15 * time.Second)
			defer t.Stop()
			for {
				a.API.CheckReady(ctx)
				select {
				case <-ctx.Done():
					return
				case <-t.C:
				}
			}
		}()
		slog.Info("metrics serving", "addr", a.Cfg.MetricsAddr)
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	grace := cmp.Or(a.Cfg.Grace, 20*time.Second)
	slog.Info("shutting down", "grace", grace.String())
	a.API.BeginShutdown()
	shut, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(shut)
	if errors.Is(err, context.DeadlineExceeded) {
		slog.Warn("requests still in flight after the grace period: their connections are closed")
		err = srv.Close()
	}
	if metrics != nil {
		err = errors.Join(err, metrics.Close())
	}
	if err == nil {
		slog.Info("stopped")
	}
	return err
}
