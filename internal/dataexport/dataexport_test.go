package dataexport_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/comms"
	"socius/internal/dataexport"
	"socius/internal/member"
	pd "socius/internal/personaldata"
	"socius/internal/pos"
	"socius/internal/social"
	"socius/internal/testkit"
)

func TestLanguage(t *testing.T) {
	for header, want := range map[string]string{"": "es", "de-DE,de;q=0.9": "de", "en-GB,en;q=0.9": "en", "ca": "cat",
		"cat": "cat", "de,pt-BR;q=0.8": "de", "nl,pt-BR;q=0.8": "pt", "FR_fr": "fr", "it": "it", "es-ES": "es"} {
		if got := dataexport.Language(header); got != want {
			t.Errorf("Language(%q) = %q, want %q", header, got, want)
		}
	}
}

// club is a club whose member Ana has bought, paid into her wallet, come in,
// asked, signed up and been sent a message; Otilio, another member, and Bea,
// a member of another club, have done the same, and none of theirs may show
// in Ana's export.
type club struct {
	k                  *testkit.Kit
	ctx                context.Context
	alfa, beta, admin  int64
	ana, otilio, bea   int64
	anaNumber          int64
	anaOrder, otiOrder int64
}

var methods = pos.Methods{Cash: true, Card: true, Wallet: true}

func newClub(t *testing.T, k *testkit.Kit) *club {
	t.Helper()
	c := &club{k: k, ctx: context.Background()}
	flags := []string{access.Socios, access.SoftwareGestionClub, access.Comunicacion, access.Monedero}
	c.alfa, c.beta = k.Club("Alfa", flags...), k.Club("Beta", flags...)
	c.admin = k.User("admin", c.alfa, access.Administrador)
	betaAdmin := k.User("betaadmin", c.beta, access.Administrador)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	product := func(club int64, title string) int64 {
		cat, err := k.App.Clubs.SaveCategory(c.ctx, club, 0, "dispensary", "Flores "+title)
		must(err)
		price := amount.Cents(500)
		p, err := k.App.Catalog.Save(c.ctx, club, catalog.Input{Kind: catalog.KindPro, Title: title, Category: cat.NID, Price: &price,
			Type: catalog.TypeWeight, Dominance: "indica", Status: true, UnlimitedStock: true})
		must(err)
		return p.PID
	}
	newMember := func(club, staff int64, name, dni string, email string) int64 {
		surname, online := "Prueba", email != ""
		m, err := k.App.Members.Save(c.ctx, club, member.Actor{UserID: staff, IsAdmin: true}, member.Input{Nombre: &name, Surname: &surname,
			DNI: &dni, Email: &email, OnlineAccount: &online, Declarations: []string{"resident"}})
		must(err)
		return m.NID
	}
	// what each member does: an order of 2 g paid in cash with 1 g refunded, a
	// wallet top-up, a check-in, a consultation answered, an event, an SMS
	act := func(club, staff, memberID, pid int64, who string) int64 {
		actor := pos.Actor{UserID: staff, Supervisor: true}
		o, err := k.App.POS.Save(c.ctx, club, actor, pos.SaveInput{MemberID: memberID, Lines: []pos.LineInput{{PID: pid, Quantity: 2000}}})
		must(err)
		_, err = k.App.POS.Pay(c.ctx, club, actor, methods, pos.PayInput{OID: o.OID, MemberID: memberID, Type: pos.PayCash})
		must(err)
		_, err = k.App.POS.Refund(c.ctx, club, actor, methods, pos.RefundInput{OID: o.OID, MemberID: memberID, PayType: pos.PayCash,
			Lines: []pos.RefundLine{{PID: pid, Quantity: 1000}}, Reason: "Devuelto por " + who})
		must(err)
		_, err = k.App.POS.Wallet(c.ctx, club, actor, methods, pos.WalletInput{MemberID: memberID, Operation: pos.WalletAdd, Amount: 2000, PayType: pos.PayCash})
		must(err)
		_, err = k.App.Members.CheckInOut(c.ctx, club, memberID, staff, member.ActionIn, 0)
		must(err)
		id, err := k.App.Social.Ask(c.ctx, club, social.Viewer{MemberID: memberID}, "Pregunta de "+who, "¿Abrís el domingo? "+who)
		must(err)
		_, _, err = k.App.Social.Reply(c.ctx, club, social.Viewer{UserID: staff, AllOfClub: true}, id, "Sí, de 10 a 14, "+who)
		must(err)
		ev, err := k.App.Social.PublishEvent(c.ctx, club, staff, social.EventInput{Title: "Cata de " + who, StartDate: "2026-12-05", EndDate: "2026-12-05"})
		must(err)
		_, err = k.App.Social.Attend(c.ctx, club, ev, memberID)
		must(err)
		_, err = k.App.Comms.SMS(c.ctx, club, staff, comms.Recipient{MemberID: memberID, Phone: "+34600000000"}, "Tu cuota vence pronto, "+who)
		must(err)
		return o.OID
	}
	c.ana = newMember(c.alfa, c.admin, "Ana", "11111111H", "ana@example.test")
	c.otilio = newMember(c.alfa, c.admin, "Otilio", "22222222J", "otilio@example.test")
	c.bea = newMember(c.beta, betaAdmin, "Bea", "33333333P", "")
	m, err := k.App.Members.Get(c.ctx, c.alfa, c.ana)
	must(err)
	c.anaNumber = m.Number
	c.anaOrder = act(c.alfa, c.admin, c.ana, product(c.alfa, "Amnesia"), "Ana")
	c.otiOrder = act(c.alfa, c.admin, c.otilio, product(c.alfa, "Exclusiva de Otilio"), "Otilio")
	act(c.beta, betaAdmin, c.bea, product(c.beta, "Beta Kush"), "Bea")
	return c
}

func (c *club) request(format string) dataexport.Request {
	return dataexport.Request{ClubID: c.alfa, ClubName: "Alfa", Zone: time.UTC, MemberID: c.ana, StaffID: c.admin, Format: format}
}

// keys is the document's keys in the order they are written.
func keys(t *testing.T, body []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	var out []string
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestExportHoldsTheMemberAndNobodyElse(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		c := newClub(t, k)
		f, err := k.App.DataExport.Export(c.ctx, c.request(""))
		if err != nil {
			t.Fatal(err)
		}
		if f.Name != fmt.Sprintf("socio-%d.json", c.anaNumber) || f.ContentType != "application/json" {
			t.Fatalf("file %q %q", f.Name, f.ContentType)
		}
		want := "generated_at club generated_by member online_account check_ins orders wallet consultations events messages declarations"
		if got := strings.Join(keys(t, f.Body), " "); got != want {
			t.Fatalf("keys %s, want %s", got, want)
		}
		var doc struct {
			Club        string
			GeneratedBy string `json:"generated_by"`
			Member      struct {
				Number int64  `json:"number"`
				DNI    string `json:"dni"`
			}
			Account *struct {
				Email string `json:"email"`
			} `json:"online_account"`
			CheckIns []struct{ Action string } `json:"check_ins"`
			Orders   []struct {
				OID      int64 `json:"oid"`
				Products []struct {
					Product struct{ Title string }
					Grams   json.Number `json:"grams"`
				} `json:"products"`
				Refunds []struct{ Reason string } `json:"refunds"`
			}
			Wallet []struct {
				Operation string      `json:"transaction"`
				Amount    json.Number `json:"amount"`
			}
			Consultations []struct {
				Title    string
				Comments []struct{ Body string }
			}
			Events       []struct{ Title string }
			Messages     []struct{ Channel, Body string }
			Declarations []member.Declaration
		}
		dec := json.NewDecoder(bytes.NewReader(f.Body))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		o := doc.Orders
		switch {
		case doc.GeneratedBy != "Admin" || doc.Member.Number != c.anaNumber || doc.Member.DNI != "11111111H":
			t.Fatalf("who: %+v", doc)
		case doc.Account == nil || doc.Account.Email != "ana@example.test":
			t.Fatalf("account: %+v", doc.Account)
		case len(o) != 1 || o[0].OID != c.anaOrder || len(o[0].Products) != 1 || o[0].Products[0].Product.Title != "Amnesia" ||
			o[0].Products[0].Grams != "2" || len(o[0].Refunds) != 1 || o[0].Refunds[0].Reason != "Devuelto por Ana":
			t.Fatalf("orders: %+v", o)
		case len(doc.Wallet) != 1 || doc.Wallet[0].Operation != "add" || doc.Wallet[0].Amount != "20":
			t.Fatalf("wallet: %+v", doc.Wallet)
		case len(doc.CheckIns) != 1 || doc.CheckIns[0].Action != member.ActionIn:
			t.Fatalf("check-ins: %+v", doc.CheckIns)
		case len(doc.Consultations) != 1 || len(doc.Consultations[0].Comments) != 1 || doc.Consultations[0].Comments[0].Body != "Sí, de 10 a 14, Ana":
			t.Fatalf("consultations: %+v", doc.Consultations)
		case len(doc.Events) != 1 || doc.Events[0].Title != "Cata de Ana" || len(doc.Messages) != 1 || doc.Messages[0].Channel != "sms":
			t.Fatalf("events and messages: %+v %+v", doc.Events, doc.Messages)
		case len(doc.Declarations) != 1 || doc.Declarations[0].Declaration != "resident" || doc.Declarations[0].Staff != "Admin":
			t.Fatalf("declarations: %v", doc.Declarations)
		}
		// nothing of Otilio's, of Bea's, nor any secret of an account
		raw := strings.ToLower(string(f.Body))
		for _, never := range []string{"otilio", "22222222j", "bea", "33333333p", "beta", "hash", "token", "secret", "password",
			fmt.Sprintf(`"oid": %d`, c.otiOrder)} {
			if strings.Contains(raw, never) {
				t.Errorf("the export holds %q:\n%s", never, f.Body)
			}
		}
		if n := k.Count("member_data_exports", "club_id = ? AND member_id = ? AND staff_user_id = ? AND format = 'json'", c.alfa, c.ana, c.admin); n != 1 {
			t.Fatalf("logged %d exports, want 1", n)
		}
	})
}

func TestExportPrintedAndLogged(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		c := newClub(t, k)
		for _, lang := range dataexport.Languages {
			r := c.request(dataexport.PDF)
			r.Lang = lang
			f, err := k.App.DataExport.Export(c.ctx, r)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(f.Body, []byte("%PDF-")) || f.Name != fmt.Sprintf("socio-%d.pdf", c.anaNumber) || f.ContentType != "application/pdf" {
				t.Fatalf("%s: %q %q %q", lang, f.Name, f.ContentType, f.Body[:min(8, len(f.Body))])
			}
		}
		if n := k.Count("member_data_exports", "member_id = ? AND format = 'pdf'", c.ana); n != len(dataexport.Languages) {
			t.Fatalf("logged %d printed exports, want %d", n, len(dataexport.Languages))
		}
		list, err := k.App.DataExport.Exports(c.ctx, c.alfa, c.ana)
		if err != nil || len(list) != len(dataexport.Languages) || list[0].Staff != "Admin" || list[0].Format != "pdf" {
			t.Fatalf("exports: %+v %v", list, err)
		}
		// another club's member, an unknown one or a format of no kind: refused, and nothing logged
		before := k.Count("member_data_exports", "")
		for _, r := range []dataexport.Request{{ClubID: c.alfa, MemberID: c.bea, StaffID: c.admin}, {ClubID: c.alfa, MemberID: 999999, StaffID: c.admin}} {
			if _, err := k.App.DataExport.Export(c.ctx, r); !errors.Is(err, member.ErrNotFound) {
				t.Fatalf("member %d of another club: %v", r.MemberID, err)
			}
		}
		if _, err := k.App.DataExport.Exports(c.ctx, c.alfa, c.bea); !errors.Is(err, member.ErrNotFound) {
			t.Fatalf("another club's member's exports: %v", err)
		}
		if _, err := k.App.DataExport.Export(c.ctx, c.request("csv")); err == nil {
			t.Fatal("a csv export")
		}
		if after := k.Count("member_data_exports", ""); after != before {
			t.Fatalf("refused exports logged: %d -> %d", before, after)
		}
	})
}

// Every label and word the sections print is in the dictionary, in the seven
// languages.
func TestEveryLabelIsTranslated(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		c := newClub(t, k)
		sections, err := k.App.DataExport.Sections(c.ctx, c.alfa, c.ana)
		if err != nil {
			t.Fatal(err)
		}
		labels := map[string]bool{"title": true, "generated": true, "intro": true, "empty": true, "yes": true, "no": true}
		// and each value of the words the test's records do not take
		for _, w := range []string{"type." + member.Ludico, "type." + member.Terapeutico, "status.active", "status.inactive",
			"access." + member.ActionIn, "access." + member.ActionOut, "status." + pos.StatusCart, "status." + pos.StatusCompleted,
			"pay." + pos.PayCash, "pay." + pos.PayCard, "pay." + pos.PayWallet, "wallet." + pos.WalletAdd, "wallet." + pos.WalletRemove,
			"wallet." + pos.WalletOrder, "wallet." + pos.WalletRefund, "channel." + comms.ChannelPush, "channel." + comms.ChannelSMS,
			"state." + comms.StateSent, "state." + comms.StateNotSent, "state." + comms.StateFailed} {
			labels[w] = true
		}
		value := func(v any) {
			if term, ok := v.(pd.Term); ok {
				labels[string(term)] = true
			}
		}
		for _, s := range sections {
			labels["section."+s.Key] = true
			for _, f := range s.Fields {
				labels[f.Label] = true
				value(f.Value)
			}
			for _, tb := range s.Tables {
				if tb.Title != "" {
					labels[tb.Title] = true
				}
				for _, col := range tb.Columns {
					labels[col.Label] = true
				}
				for _, row := range tb.Rows {
					if len(row) != len(tb.Columns) {
						t.Errorf("%s: a row of %d cells under %d columns", s.Key, len(row), len(tb.Columns))
					}
					for _, v := range row {
						value(v)
					}
				}
			}
			for _, tx := range s.Texts {
				for _, v := range tx.About {
					value(v)
				}
			}
		}
		for label := range labels {
			w, ok := dataexport.Words[label]
			if !ok {
				t.Errorf("%q is not in the dictionary", label)
				continue
			}
			for i, s := range w {
				if strings.TrimSpace(s) == "" {
					t.Errorf("%q has no %s", label, dataexport.Languages[i])
				}
			}
		}
	})
}

func TestSourcesAddSectionsInOrder(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		alfa := k.Club("Alfa", access.Socios)
		admin := k.User("admin", alfa, access.Administrador)
		name, surname, dni := "Ana", "Prueba", "11111111H"
		m, err := k.App.Members.Save(ctx, alfa, member.Actor{UserID: admin, IsAdmin: true}, member.Input{Nombre: &name, Surname: &surname, DNI: &dni})
		if err != nil {
			t.Fatal(err)
		}
		extra := func(_ context.Context, club, nid int64) ([]pd.Section, error) {
			return []pd.Section{{Key: "extra", Data: map[string]int64{"club": club, "member": nid}}}, nil
		}
		s := dataexport.New(k.App.DB, k.App.Members, extra, k.App.Members.DeclarationsData)
		f, err := s.Export(ctx, dataexport.Request{ClubID: alfa, MemberID: m.NID, StaffID: admin})
		if err != nil {
			t.Fatal(err)
		}
		want := "generated_at club generated_by member online_account check_ins extra declarations"
		if got := strings.Join(keys(t, f.Body), " "); got != want {
			t.Fatalf("keys %s, want %s", got, want)
		}
		if !strings.Contains(string(f.Body), fmt.Sprintf(`"extra": {
    "club": %d,
    "member": %d
  }`, alfa, m.NID)) {
			t.Fatalf("the source was not asked about the member: %s", f.Body)
		}
		// two sources may not write one key: the second would hide the first
		twice := dataexport.New(k.App.DB, k.App.Members, extra, extra)
		if _, err := twice.Export(ctx, dataexport.Request{ClubID: alfa, MemberID: m.NID, StaffID: admin}); err == nil {
			t.Fatal("two sections under one key")
		}
	})
}
