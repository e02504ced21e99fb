package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/db"
	"socius/internal/testkit"
)

// TestBackupAndRestoreUnderLoad backs a SQLite database up while four
// counters sell (cash and card) and top wallets up, restores the copy into a
// fresh data folder with "socius restore", and checks the restored database:
// it passes PRAGMA integrity_check, it holds every sale acknowledged before
// the backup began and only sales that were acknowledged, and every figure
// of its cash report equals the ledger the counters kept of the sales and
// top-ups it holds.
func TestBackupAndRestoreUnderLoad(t *testing.T) {
	ctx := context.Background()
	k := testkit.New(t, "sqlite")
	club := k.Club("Club", access.Socios, access.SoftwareGestionClub, access.FuncionesAvanzadasGestion, access.Monedero)
	k.User("caja", club, access.Administrador)
	staff := k.Client()
	if res := staff.Login("caja", testkit.Password); res.Status != 200 {
		t.Fatalf("login: %s", res)
	}
	cat := staff.Do("POST", "/api/association_category", map[string]any{"association": club, "type": "dispensary", "title": "Flores"})
	prod := staff.Do("POST", "/api/dispensario", map[string]any{"asocid": club, "title": "Amnesia", "dominance": "indica",
		"category": cat.JSON["nid"], "price": 5, "type": "peso", "status": true, "unlimited_stock": true})
	if prod.Status != 200 {
		t.Fatalf("product: %s", prod)
	}
	const counters = 4
	members := make([]any, counters)
	for i := range members {
		res := staff.Do("POST", "/api/ficha_socio", map[string]any{"association": club, "nombre": "Socio", "surname": fmt.Sprint(i),
			"dni": fmt.Sprintf("%08d%c", 20000000+i, "TRWAGMYFPDXBNJZSQVHLCKE"[(20000000+i)%23])})
		if res.Status != 200 {
			t.Fatalf("member: %s", res)
		}
		members[i] = res.JSON["nid"]
	}

	type sale struct {
		cents  int64
		method string
	}
	var (
		mu           sync.Mutex
		sales        = map[int64]sale{} // every acknowledged sale by order id
		topUps       atomic.Int64       // acknowledged wallet top-ups of 10 €
		failures     []string
		stop         = make(chan struct{})
		wg           sync.WaitGroup
		acknowledged atomic.Int64
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		failures = append(failures, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	for i := range counters {
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				if i == 0 && n%3 == 2 {
					if res := staff.Do("PUT", fmt.Sprintf("/api/wallet/%v", members[i]), map[string]any{"association": club, "operation": "add",
						"amount": 10, "pay_type": "cash"}); res.Status != 200 {
						fail("top-up: %s", res)
						return
					}
					topUps.Add(1)
					continue
				}
				grams := 1 + (n+i)%3
				cart := staff.Do("POST", "/api/order", map[string]any{"asocid": club, "membership_id": members[i],
					"products": []map[string]any{{"pid": prod.JSON["pid"], "quantity": grams, "total": 1}}})
				if cart.Status != 200 {
					fail("cart: %s", cart)
					return
				}
				oid := int64(cart.JSON["order"].(map[string]any)["oid"].(float64))
				method := []string{"cash", "tpv"}[n%2]
				cents := int64(grams) * 500
				body := map[string]any{"asocid": club, "oid": oid, "type": method, "amount": float64(cents) / 100}
				if method == "cash" {
					body["tendered"] = 20
				}
				if res := staff.Do("POST", "/api/order/pay", body); res.Status != 200 {
					fail("pay: %s", res)
					return
				}
				mu.Lock()
				sales[oid] = sale{cents, method}
				mu.Unlock()
				acknowledged.Add(1)
			}
		})
	}
	failed := func() bool { mu.Lock(); defer mu.Unlock(); return len(failures) > 0 }
	waitFor := func(n int64) { // polls the counters' progress, not a clock
		for acknowledged.Load() < n && !failed() {
			time.Sleep(time.Millisecond)
		}
	}
	waitFor(20)
	mu.Lock()
	before := make(map[int64]bool, len(sales))
	for oid := range sales {
		before[oid] = true
	}
	mu.Unlock()
	topUpsBefore := topUps.Load()

	dir := t.TempDir()
	copyFile := filepath.Join(dir, "backup.db")
	src := newCLI(t)
	src.dbPath, src.data = k.App.DB.DSN, filepath.Dir(k.App.DB.DSN)
	out, err := src.run("", "backup", "--out", copyFile)
	if err != nil || strings.TrimSpace(out) != copyFile {
		t.Fatalf("backup: %q %v", out, err)
	}
	waitFor(acknowledged.Load() + 10) // the counter goes on after the copy
	close(stop)
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("the counter failed during the backup: %v", failures)
	}

	restored := newCLI(t)
	restored.dbPath = filepath.Join(restored.data, "restored", "socius.db")
	if out, err := restored.run("", "restore", "--from", copyFile); err != nil || strings.TrimSpace(out) != restored.dbPath {
		t.Fatalf("restore: %q %v", out, err)
	}
	_, err = restored.run("", "restore", "--from", copyFile)
	wantErr(t, err, "already exists")
	a := restored.open()
	if err := db.IntegrityCheck(ctx, a.DB.W); err != nil {
		t.Fatal(err)
	}

	var paid []int64
	if err := a.DB.Select(ctx, &paid, `SELECT id FROM orders WHERE club_id = ? AND paid > 0`, club); err != nil {
		t.Fatal(err)
	}
	in := map[int64]bool{}
	var want cash.Summary
	for _, oid := range paid {
		in[oid] = true
		s, ok := sales[oid]
		if !ok {
			t.Fatalf("restored order %d was never acknowledged", oid)
		}
		if s.method == "cash" {
			want.CashOrderAmount += amount.Cents(s.cents)
			want.CashOrderMovement++
		} else {
			want.TpvOrderAmount += amount.Cents(s.cents)
			want.TpvOrderMovement++
		}
	}
	for oid := range before {
		if !in[oid] {
			t.Fatalf("order %d, paid before the backup began, is not in the copy", oid)
		}
	}
	if len(paid) == len(sales) {
		t.Fatalf("the copy holds every sale (%d): the counter did not run after it", len(sales))
	}
	var restoredTopUps int64
	if err := a.DB.Get(ctx, &restoredTopUps, `SELECT COUNT(*) FROM wallet_movements WHERE amount > 0`); err != nil {
		t.Fatal(err)
	}
	if restoredTopUps < topUpsBefore || restoredTopUps > topUps.Load() {
		t.Fatalf("restored top-ups %d: %d were acknowledged before the backup, %d in all", restoredTopUps, topUpsBefore, topUps.Load())
	}
	want.WalletCashAmount = amount.Cents(restoredTopUps * 1000)
	want.WalletCashMovement = int(restoredTopUps)
	want.CashBoxTotalAmount = want.CashOrderAmount + want.WalletCashAmount
	want.TotalIncome = want.CashOrderAmount + want.TpvOrderAmount + want.WalletCashAmount

	rep, err := a.Cash.Report(ctx, club, cash.Scope{})
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Summary
	if got.CashOrderAmount != want.CashOrderAmount || got.CashOrderMovement != want.CashOrderMovement ||
		got.TpvOrderAmount != want.TpvOrderAmount || got.TpvOrderMovement != want.TpvOrderMovement ||
		got.WalletCashAmount != want.WalletCashAmount || got.WalletCashMovement != want.WalletCashMovement ||
		got.CashBoxTotalAmount != want.CashBoxTotalAmount || got.TotalAmount != want.CashBoxTotalAmount || got.TotalIncome != want.TotalIncome {
		t.Fatalf("restored cash report %+v, the counters' ledger of what it holds %+v", *got, want)
	}
	if len(rep.Orders) != len(paid) {
		t.Fatalf("restored report lists %d orders, the copy holds %d paid", len(rep.Orders), len(paid))
	}
	t.Logf("backup during %d sales: the copy holds %d (%d before it began), %d top-ups", len(sales), len(paid), len(before), restoredTopUps)
}

// TestRestoreRefusesWhatIsNotABackup: a damaged file or another SQLite file
// is refused and nothing is written.
func TestRestoreRefusesWhatIsNotABackup(t *testing.T) {
	c := newCLI(t)
	bad := filepath.Join(c.data, "bad.db")
	if err := os.WriteFile(bad, []byte("not a database at all, just text"), 0o600); err != nil {
		t.Fatal(err)
	}
	c.dbPath = filepath.Join(c.data, "new", "socius.db")
	_, err := c.run("", "restore", "--from", bad)
	if err == nil {
		t.Fatal("a text file was restored")
	}
	if _, err := os.Stat(c.dbPath); err == nil {
		t.Fatal("a refused restore wrote the database")
	}
	_, err = c.run("", "restore")
	wantErr(t, err, "--from is required")
	// A SQLite file that is not Socius's
	other := filepath.Join(c.data, "other.db")
	d, err := db.Open(other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.W.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	_, err = c.run("", "restore", "--from", other)
	wantErr(t, err, "not a Socius database")
}
