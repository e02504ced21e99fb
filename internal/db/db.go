// Package db opens the SQLite or PostgreSQL database, runs the embedded
// migrations and gives the domain stores one way to query both engines:
// SQL is written once with ? placeholders and rebound for PostgreSQL.
package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers "sqlite"
)

//go:embed migrations
var migrations embed.FS

// Engine names.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// DB is the database handle. With SQLite, writes go through one connection
// (W) so writers queue instead of failing with SQLITE_BUSY, and reads use a
// pool (R). With PostgreSQL both are the same pool.
type DB struct {
	Engine string
	W      *sqlx.DB
	R      *sqlx.DB
	DSN    string
}

// Open opens dsn: a postgres:// URL, or a SQLite file path (optionally "sqlite:" prefixed).
func Open(dsn string) (*DB, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		// Short queries answer faster without parallel workers, whose start-up
		// costs more than the scans they split. Statements are prepared once per
		// connection; a generic plan of a report's date range cannot know the
		// range is a week and not a year (it turned a 15 ms withdrawals page into
		// 400 ms), so each execution is planned for its own values. An index
		// page costs little more than a sequential one on the SSDs (or in the
		// cache) a club's data lives on; PostgreSQL's default of 4 made it scan
		// a year of order lines rather than look up a week's.
		for _, param := range []string{"max_parallel_workers_per_gather=0", "plan_cache_mode=force_custom_plan", "random_page_cost=1.1"} {
			if name, _, _ := strings.Cut(param, "="); !strings.Contains(dsn, name) {
				sep := "?"
				if strings.Contains(dsn, "?") {
					sep = "&"
				}
				dsn += sep + param
			}
		}
		// Reads and writes share one pool of 20. At a saturated counter the
		// reads wait behind pays for a connection (p50 about 110 ms with 50
		// clients on two cores), and that wait is what keeps the pays from
		// piling onto the same product and wallet rows: a separate read pool
		// (12 + 8, or 20 + 10) brought reads to 20-40 ms but pays to 0.7-1 s
		// and the counter from 46 rounds a second to 28-30 (make bench,
		// scenario counter). Measure that scenario before splitting them.
		pg, err := sqlx.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		pg.SetMaxOpenConns(20)
		pg.SetMaxIdleConns(10)
		pg.SetConnMaxIdleTime(5 * time.Minute)
		if err := pg.Ping(); err != nil {
			pg.Close()
			return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
		}
		return &DB{Engine: Postgres, W: pg, R: pg, DSN: dsn}, nil
	}
	path := strings.TrimPrefix(dsn, "sqlite:")
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, err
		}
	}
	base := "file:" + url.PathEscape(path) + "?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	w, err := sqlx.Open("sqlite", base+"&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.Ping(); err != nil {
		w.Close()
		return nil, fmt.Errorf("open SQLite %s: %w", path, err)
	}
	r, err := sqlx.Open("sqlite", base+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(8)
	return &DB{Engine: SQLite, W: sqlx.NewDb(w.DB, "sqlite3"), R: sqlx.NewDb(r.DB, "sqlite3"), DSN: path}, nil
}

// Close closes both pools.
func (d *DB) Close() error {
	err := d.W.Close()
	if d.R != d.W {
		err = errors.Join(err, d.R.Close())
	}
	return err
}

// MigrationsDigest is a digest of an engine's embedded migrations: two
// binaries with the same digest build the same schema (the test kit names
// its template database by it).
func MigrationsDigest(engine string) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations, "migrations/"+engine, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := migrations.ReadFile(path)
		if err == nil {
			fmt.Fprintf(h, "%s %d\n", path, len(b))
			h.Write(b)
		}
		return err
	})
	return hex.EncodeToString(h.Sum(nil)), err
}

// Migrate applies every pending embedded migration of the engine.
func (d *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations/"+d.Engine)
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	if d.Engine == Postgres {
		dialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(dialect, d.W.DB, sub)
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// Q is what both *sqlx.DB and *sqlx.Tx offer; stores take a Q so the same
// query runs alone or inside a caller's transaction.
type Q interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// Tx runs fn in a write transaction, committing when it returns nil.
func (d *DB) Tx(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	tx, err := d.W.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Get reads one row from the read pool. The query uses ? placeholders.
func (d *DB) Get(ctx context.Context, dest any, query string, args ...any) error {
	return d.R.GetContext(ctx, dest, d.R.Rebind(query), args...)
}

// Select reads rows from the read pool.
func (d *DB) Select(ctx context.Context, dest any, query string, args ...any) error {
	return d.R.SelectContext(ctx, dest, d.R.Rebind(query), args...)
}

// Exec runs one write statement.
func (d *DB) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return d.W.ExecContext(ctx, d.W.Rebind(query), args...)
}

// Insert runs an INSERT and returns the new row's id (column "id" unless named).
func Insert(ctx context.Context, q Q, query string, args ...any) (int64, error) {
	var id int64
	err := sqlx.GetContext(ctx, q, &id, q.Rebind(query+" RETURNING id"), args...)
	return id, err
}

// Exec runs a statement on q (a transaction or a pool) with rebinding.
func Exec(ctx context.Context, q Q, query string, args ...any) (sql.Result, error) {
	return q.ExecContext(ctx, q.Rebind(query), args...)
}

// Get reads one row through q with rebinding.
func Get(ctx context.Context, q Q, dest any, query string, args ...any) error {
	return q.GetContext(ctx, dest, q.Rebind(query), args...)
}

// Select reads rows through q with rebinding.
func Select(ctx context.Context, q Q, dest any, query string, args ...any) error {
	return q.SelectContext(ctx, dest, q.Rebind(query), args...)
}

// LockSpace names what a transaction-scoped lock guards, so two kinds of
// lock on the same id never wait for each other.
type LockSpace int32

// Lock spaces.
const (
	LockTill  LockSpace = 3 // a club's till: its box total and its closes (2 is the catalogue's product codes)
	LockLogin LockSpace = 4 // the login attempts from one address (a hash of it)
)

// Lock takes a lock on (space, id) until tx ends: a rule that reads a sum
// and then writes on it (a withdrawal, a close) cannot be checked by two
// transactions at once. On PostgreSQL it is an advisory lock (ids beyond
// 32 bits share a lock with another id, which only makes them wait); on
// SQLite the writer connection already holds the whole database.
func Lock(ctx context.Context, tx *sqlx.Tx, space LockSpace, id int64) error {
	if tx.DriverName() != "pgx" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, int32(space), int32(id))
	return err
}

// LockShared takes (space, id) shared until tx ends: many holders at once,
// none while another transaction holds it with Lock. Money coming into the
// till (a pay, a top-up) takes it shared, so a close, which takes it
// whole, waits for the pays already under way and counts them in its period.
func LockShared(ctx context.Context, tx *sqlx.Tx, space LockSpace, id int64) error {
	if tx.DriverName() != "pgx" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock_shared($1, $2)`, int32(space), int32(id))
	return err
}

// Erase empties every table of the schema in one transaction, leaving the
// schema and its migrations as they are, and starts the ids again at 1: the
// database is as a fresh one. It serves `socius demo --force` (start the demo
// again); nothing else calls it.
func (d *DB) Erase(ctx context.Context) error {
	var tables []string
	list := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version' ORDER BY name`
	if d.Engine == Postgres {
		list = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
			AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version' ORDER BY table_name`
	}
	if err := d.W.SelectContext(ctx, &tables, list); err != nil {
		return err
	}
	if len(tables) == 0 {
		return nil
	}
	quoted := make([]string, len(tables))
	for i, t := range tables {
		quoted[i] = `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
	}
	if d.Engine == Postgres {
		_, err := d.W.ExecContext(ctx, `TRUNCATE `+strings.Join(quoted, ", ")+` RESTART IDENTITY CASCADE`)
		return err
	}
	// SQLite: foreign keys are checked when the transaction commits, when
	// every table is already empty; sqlite_sequence holds the AUTOINCREMENT ids.
	return d.Tx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
			return err
		}
		for _, t := range quoted {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+t); err != nil {
				return err
			}
		}
		var seq int
		if err := tx.GetContext(ctx, &seq, `SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_sequence'`); err != nil || seq == 0 {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM sqlite_sequence`)
		return err
	})
}

// ErrNoRows is returned by Get when nothing matches.
var ErrNoRows = sql.ErrNoRows

// Backup writes a consistent copy of a SQLite database to out while it is in use.
func (d *DB) Backup(ctx context.Context, out string) error {
	if d.Engine != SQLite {
		return errors.New("backup: use pg_dump for PostgreSQL")
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("backup: %s already exists", out)
	}
	_, err := d.W.ExecContext(ctx, "VACUUM INTO ?", out)
	return err
}

// Restore copies the SQLite backup from into a new database at dsn after
// checking it: it must pass PRAGMA integrity_check and be a Socius database
// (its migration table present). The copy is written with VACUUM INTO, so
// it is whole or absent, and the target is never overwritten: restoring
// goes into a fresh data folder, which the server is then pointed at.
func Restore(ctx context.Context, from, dsn string) error {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return errors.New("restore: use pg_restore for PostgreSQL")
	}
	to := strings.TrimPrefix(dsn, "sqlite:")
	if _, err := os.Stat(from); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("restore: %s already exists; restore into a new data folder (or move the old database away first)", to)
	}
	src, err := sqlx.Open("sqlite", "file:"+url.PathEscape(from)+"?mode=ro")
	if err != nil {
		return err
	}
	defer src.Close()
	if err := IntegrityCheck(ctx, src); err != nil {
		return fmt.Errorf("restore: %s: %w", from, err)
	}
	var n int
	if err := src.GetContext(ctx, &n, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('goose_db_version', 'clubs')`); err != nil || n != 2 {
		return fmt.Errorf("restore: %s is not a Socius database", from)
	}
	if dir := filepath.Dir(to); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return err
		}
	}
	if _, err := src.ExecContext(ctx, "VACUUM INTO ?", to); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	dst, err := sqlx.Open("sqlite", "file:"+url.PathEscape(to)+"?mode=ro")
	if err != nil {
		return err
	}
	defer dst.Close()
	return IntegrityCheck(ctx, dst)
}

// IntegrityCheck runs PRAGMA integrity_check on a SQLite database.
func IntegrityCheck(ctx context.Context, q *sqlx.DB) error {
	var rows []string
	if err := q.SelectContext(ctx, &rows, "PRAGMA integrity_check"); err != nil {
		return err
	}
	if len(rows) != 1 || rows[0] != "ok" {
		return fmt.Errorf("integrity check failed: %s", strings.Join(rows, "; "))
	}
	return nil
}

// StaffName is the SQL expression that names a staff user in histories and
// reports: name and surname, else the username. alias is the users table's.
func StaffName(alias string) string {
	return fmt.Sprintf(`COALESCE(NULLIF(TRIM(%[1]s.name || ' ' || %[1]s.surname), ''), %[1]s.username, '')`, alias)
}

// IsUnique reports a unique-constraint violation on either engine.
func IsUnique(err error) bool {
	if err == nil {
		return false
	}
	m := err.Error()
	return strings.Contains(m, "UNIQUE constraint failed") || strings.Contains(m, "duplicate key value")
}
