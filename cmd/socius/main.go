// Command socius is the Socius server and its operator commands.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/db"
	"socius/internal/notify"
)

const usage = `socius — back office of cannabis social clubs

Usage:
  socius serve [--addr :8080] [--demo]
  socius migrate
  socius demo [--force]     (--force erases everything in the database first: the demo afresh)
  socius admin club create --title T [--flags f1,f2|all]
  socius admin club flags --club ID [--set f1,f2] [--unset f3]
  socius admin user create --username U --password P|- --email E [--name N --surname S] [--club ID --roles R1,R2] [--provider-admin]
  socius admin user password --username U --password P|-
  socius admin novelty add --title T --body HTML
  socius admin notify --club ID --title T --body TEXT
  socius backup --out FILE
  socius restore --from FILE   (into --db / --data, which must not hold a database yet)
  socius openapi            (prints the OpenAPI document)
  socius gates              (prints the gate table the web app reads)

Every command takes --db DSN and --data DIR (SOCIUS_DB, SOCIUS_DATA_DIR); run
"socius serve -h" for all settings.
`

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "socius:", err)
		os.Exit(1)
	}
}

type cmd struct {
	fs   *flag.FlagSet
	vals map[string]*string
}

func newCmd(name string) *cmd {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	return &cmd{fs: fs, vals: app.BindFlags(fs)}
}

func (c *cmd) open(ctx context.Context, args []string) (*app.App, error) {
	if err := c.fs.Parse(args); err != nil {
		return nil, err
	}
	if c.fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", c.fs.Arg(0))
	}
	cfg, err := app.Load(c.vals)
	if err != nil {
		return nil, err
	}
	return app.Open(ctx, cfg)
}

func password(v string, stdin io.Reader) (string, error) {
	if v != "-" {
		return v, nil
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

func need(name, v string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("--%s is required", name)
	}
	return nil
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return nil
	}
	name := args[0]
	// "admin club create", "admin user password", … take three words; "admin notify" two.
	if name == "admin" && len(args) >= 3 && (args[1] == "club" || args[1] == "user" || args[1] == "novelty") {
		name, args = "admin "+args[1]+" "+args[2], args[2:]
	} else if name == "admin" && len(args) >= 2 {
		name, args = "admin "+args[1], args[1:]
	}
	c := newCmd(name)
	rest := args[1:]
	switch name {
	case "serve":
		demo := c.fs.Bool("demo", false, "load the demo data set when the database has no club")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		if *demo {
			if _, err := a.LoadDemo(ctx, false, stdout); err != nil && !errors.Is(err, app.ErrNotEmpty) {
				return err
			}
		}
		return a.Serve(ctx)
	case "migrate":
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, "migrations applied:", a.DB.Engine)
		return a.Close()
	case "demo":
		force := c.fs.Bool("force", false, "erase everything in the database (every club, user and record) and load the demo afresh")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		id, err := a.LoadDemo(ctx, *force, os.Stderr)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, id)
		return nil
	case "admin club create":
		title := c.fs.String("title", "", "club name")
		flags := c.fs.String("flags", "", "feature flags, comma separated, or all")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		fl, err := app.ParseFlags(*flags)
		if err != nil {
			return err
		}
		if err := need("title", *title); err != nil {
			return err
		}
		id, err := a.CreateClub(ctx, *title, fl)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, id)
		return nil
	case "admin club flags":
		id := c.fs.Int64("club", 0, "club id")
		set := c.fs.String("set", "", "flags to switch on")
		unset := c.fs.String("unset", "", "flags to switch off")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		on, err := app.ParseFlags(*set)
		if err != nil {
			return err
		}
		off, err := app.ParseFlags(*unset)
		if err != nil {
			return err
		}
		if err := a.Clubs.SetFlags(ctx, *id, on, off); err != nil {
			return err
		}
		fmt.Fprintln(stdout, *id)
		return nil
	case "admin user create":
		u := app.NewStaffUser{}
		username := c.fs.String("username", "", "login name")
		pw := c.fs.String("password", "", "password, or - to read it from standard input")
		email := c.fs.String("email", "", "e-mail (password resets go there)")
		nm := c.fs.String("name", "", "first name")
		surname := c.fs.String("surname", "", "surname")
		clubID := c.fs.Int64("club", 0, "club to make the user staff of")
		roles := c.fs.String("roles", "", "staff roles in that club, comma separated")
		providerAdmin := c.fs.Bool("provider-admin", false, "a provider administrator: opens the provider's console (/app/provider), no club needed")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		for n, v := range map[string]string{"username": *username, "password": *pw, "email": *email} {
			if err := need(n, v); err != nil {
				return err
			}
		}
		if u.Roles, err = app.ParseRoles(*roles); err != nil {
			return err
		}
		if *clubID != 0 && len(u.Roles) == 0 {
			return fmt.Errorf("--roles is required with --club")
		}
		p, err := password(*pw, stdin)
		if err != nil {
			return err
		}
		u.Username, u.Password, u.Email, u.Name, u.Surname, u.ClubID = *username, p, *email, *nm, *surname, *clubID
		u.ProviderAdmin = *providerAdmin
		id, err := a.CreateUser(ctx, u)
		if err != nil {
			return explain(err)
		}
		fmt.Fprintln(stdout, id)
		return nil
	case "admin user password":
		username := c.fs.String("username", "", "login name")
		pw := c.fs.String("password", "", "new password, or - for standard input")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		p, err := password(*pw, stdin)
		if err != nil {
			return err
		}
		if err := a.Auth.SetPassword(ctx, *username, p); err != nil {
			return explain(err)
		}
		u, err := a.Auth.UserByName(ctx, *username)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, u.ID)
		return nil
	case "admin novelty add":
		title := c.fs.String("title", "", "title")
		body := c.fs.String("body", "", "HTML body")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		id, err := a.AddNovelty(ctx, *title, *body)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, id)
		return nil
	case "admin notify":
		id := c.fs.Int64("club", 0, "club id")
		title := c.fs.String("title", "", "title")
		body := c.fs.String("body", "", "text")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		if _, err := a.Clubs.Get(ctx, *id); err != nil {
			return err
		}
		// The provider's message is for every staff member of the club (the stream's own gate).
		eid, err := notify.Publish(ctx, a.DB, notify.Event{ClubID: *id, Gate: "club", Type: "push", Title: *title, Body: *body})
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, eid)
		return nil
	case "backup":
		out := c.fs.String("out", "", "file to write the copy to")
		a, err := c.open(ctx, rest)
		if err != nil {
			return err
		}
		defer a.Close()
		if err := need("out", *out); err != nil {
			return err
		}
		if err := a.DB.Backup(ctx, *out); err != nil {
			return err
		}
		fmt.Fprintln(stdout, *out)
		return nil
	case "restore":
		from := c.fs.String("from", "", "backup file written by socius backup")
		if err := c.fs.Parse(rest); err != nil {
			return err
		}
		if err := need("from", *from); err != nil {
			return err
		}
		cfg, err := app.Load(c.vals)
		if err != nil {
			return err
		}
		if err := db.Restore(ctx, *from, cfg.DB); err != nil {
			return err
		}
		// Opening it applies the migrations of this version to an older backup.
		a, err := app.Open(ctx, cfg)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, cfg.DB)
		return a.Close()
	case "openapi":
		c.fs.Parse(rest)
		cfg, err := app.Load(c.vals)
		if err != nil {
			return err
		}
		cfg.DB = ":memory:"
		a, err := app.Open(ctx, cfg)
		if err != nil {
			return err
		}
		defer a.Close()
		b, err := json.MarshalIndent(a.API.OpenAPI(), "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, string(b))
		return nil
	case "gates":
		b, err := access.GatesJSON()
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, string(b))
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n\n%s", strings.Join(strings.Fields(name), " "), usage)
}

func explain(err error) error {
	switch {
	case errors.Is(err, auth.ErrUsernameTaken):
		return fmt.Errorf("that username is taken")
	case errors.Is(err, auth.ErrPasswordTooShort):
		return fmt.Errorf("the password needs at least %d characters", auth.MinPasswordLen)
	case errors.Is(err, auth.ErrPasswordTooLong):
		return fmt.Errorf("the password has more than %d characters", auth.MaxPasswordLen)
	case errors.Is(err, auth.ErrNotFound):
		return fmt.Errorf("no such user")
	}
	return err
}
