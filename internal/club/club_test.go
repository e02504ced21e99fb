package club_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/club"
	"socius/internal/member"
	"socius/internal/problem"
	"socius/internal/social"
	"socius/internal/testkit"
)

func p[T any](v T) *T { return &v }

// pngOf is a 2×2 PNG of one colour.
func pngOf(t *testing.T, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for x := range 2 {
		for y := range 2 {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func setPayments(t *testing.T, k *testkit.Kit, clubID int64, title string) {
	t.Helper()
	ctx := context.Background()
	if err := k.App.DB.Tx(ctx, func(tx *sqlx.Tx) error { return club.SetPaymentMethods(ctx, tx, clubID, title) }); err != nil {
		t.Fatal(err)
	}
}

// TestClubsFlagsAndStaff: a club's feature flags are the known ones, set
// and unset all or nothing; the payment methods follow the saved setting
// (all three without one); a user's standing in a club is their member
// record there, and their club list holds the clubs where they are active
// staff, by title.
func TestClubsFlagsAndStaff(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Clubs
		// titles sort as Alfa < Beta < Delta < Eta < Gamma
		alfa := k.Club("Alfa", access.Socios, access.Comunicacion)
		beta := k.Club("Beta")
		gamma := k.Club("Gamma", access.Flags...)
		delta := k.Club("Delta", access.Socios)
		eta := k.Club("Eta", access.Socios)

		c, err := s.Get(ctx, alfa)
		if err != nil {
			t.Fatal(err)
		}
		if c.Title != "Alfa" || len(c.Flags) != 2 || !c.Flags[access.Socios] || !c.Flags[access.Comunicacion] {
			t.Fatalf("Alfa: %+v", c)
		}
		if c, _ := s.Get(ctx, gamma); len(c.Flags) != len(access.Flags) || len(access.Flags) != 12 {
			t.Fatalf("Gamma has every flag: %v", c.Flags)
		}
		if _, err := s.Get(ctx, 999999); !errors.Is(err, club.ErrNotFound) {
			t.Fatalf("an unknown club: %v", err)
		}
		clubs, _ := s.Count(ctx)
		if _, err := s.Create(ctx, "Zeta", []string{access.Socios, "no_such_flag"}); !errors.Is(err, club.ErrUnknownFlag) {
			t.Fatalf("an unknown flag: %v", err)
		}
		if _, err := s.Create(ctx, "  ", nil); err == nil {
			t.Fatal("a club without a title")
		}
		if n, _ := s.Count(ctx); n != clubs {
			t.Fatalf("refused clubs were created: %d, want %d", n, clubs)
		}
		if err := s.SetFlags(ctx, alfa, []string{access.Monedero}, []string{"no_such_flag"}); !errors.Is(err, club.ErrUnknownFlag) {
			t.Fatalf("unsetting an unknown flag: %v", err)
		}
		if c, _ := s.Get(ctx, alfa); c.Flags[access.Monedero] || len(c.Flags) != 2 {
			t.Fatalf("a refused change of flags was written: %v", c.Flags)
		}
		if err := s.SetFlags(ctx, 999999, []string{access.Monedero}, nil); !errors.Is(err, club.ErrNotFound) {
			t.Fatalf("flags of an unknown club: %v", err)
		}
		// setting a flag twice keeps one; unsetting takes it off
		if err := s.SetFlags(ctx, alfa, []string{access.Monedero, access.Socios}, []string{access.Comunicacion}); err != nil {
			t.Fatal(err)
		}
		if c, _ := s.Get(ctx, alfa); len(c.Flags) != 2 || !c.Flags[access.Monedero] || !c.Flags[access.Socios] || k.Count("club_flags", "club_id = ?", alfa) != 2 {
			t.Fatalf("after the change: %v", c.Flags)
		}

		// payment methods: all three until a setting is saved; saving again replaces it
		if pay, err := s.Payments(ctx, beta); err != nil || pay != (club.Payments{Cash: true, Card: true, Wallet: true}) {
			t.Fatalf("without a setting (spec part 2 §4): %+v %v", pay, err)
		}
		setPayments(t, k, alfa, "-cash-wallet")
		if pay, _ := s.Payments(ctx, alfa); pay != (club.Payments{Cash: true, Wallet: true}) {
			t.Fatalf("-cash-wallet: %+v", pay)
		}
		setPayments(t, k, alfa, "-card")
		if pay, _ := s.Payments(ctx, alfa); pay != (club.Payments{Card: true}) || k.Count("club_categories", "club_id = ? AND type = 'payment_methods'", alfa) != 1 {
			t.Fatalf("-card saved again: %+v", pay)
		}

		// a user's standing: staff with roles in Alfa and Beta, a plain member of Delta, inactive staff of Eta
		boss := k.User("boss", alfa, access.Social, access.Administrador)
		k.User("other", gamma, access.Administrador)
		addRecord := func(clubID int64, dni string, staff, active bool, roles ...string) {
			t.Helper()
			m, err := k.App.Members.Save(ctx, clubID, member.Actor{IsAdmin: true}, member.Input{Nombre: p("Jefa"), Surname: p("Prueba"), DNI: p(dni),
				IsStaff: p(staff), Roles: &roles})
			if err != nil {
				t.Fatal(err)
			}
			status := 0
			if active {
				status = 1
			}
			if _, err := k.App.DB.Exec(ctx, `UPDATE members SET user_id = ?, status = ? WHERE id = ?`, boss, status, m.NID); err != nil {
				t.Fatal(err)
			}
		}
		addRecord(beta, "11111111H", true, true, access.Manager)
		addRecord(delta, "22222222J", false, true)
		addRecord(eta, "33333333P", true, false, access.Administrador)
		for _, c := range []struct {
			club            int64
			active, isStaff bool
			roles           []string
		}{
			{alfa, true, true, []string{access.Administrador, access.Social}},
			{beta, true, true, []string{access.Manager}},
			{delta, true, false, []string{}},
			{eta, false, true, []string{access.Administrador}},
		} {
			st, err := s.StaffOf(ctx, boss, c.club)
			if err != nil || st.Active != c.active || st.IsStaff != c.isStaff || !slices.Equal(st.Roles, c.roles) {
				t.Errorf("standing in %d: %+v %v, want active %v staff %v roles %v", c.club, st, err, c.active, c.isStaff, c.roles)
			}
		}
		if _, err := s.StaffOf(ctx, boss, gamma); problem.Code(err) != "club.no_member_record" {
			t.Fatalf("a club without a record: %v", err)
		}
		mine, err := s.ForUser(ctx, boss)
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, m := range mine {
			titles = append(titles, m.Title)
		}
		if !slices.Equal(titles, []string{"Alfa", "Beta"}) {
			t.Fatalf("the clubs of active staff, by title: %v", titles)
		}
	})
}

// TestClubPage: a page's update is one transaction (a refused logo leaves
// the title as it was), a blank title is refused, page pictures are kept by
// id and added in order, a kept picture must be one of the club's page
// pictures; the design is made inert before it is stored; the logo and
// pictures are public only while they are the club's page.
func TestClubPage(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Clubs
		alfa := k.Club("Alfa", access.Socios, access.Comunicacion)
		beta := k.Club("Beta", access.Socios)
		logo := pngOf(t, color.RGBA{164, 99, 191, 255})
		if err := s.Save(ctx, alfa, club.Update{Title: p(" Alfa Club "), Logo: &logo}); err != nil {
			t.Fatal(err)
		}
		c, _ := s.Get(ctx, alfa)
		if c.Title != "Alfa Club" || c.Logo == "" {
			t.Fatalf("saved: %+v", c)
		}
		files := k.Count("files", "")
		for _, bad := range [][]byte{[]byte("hola, no soy una imagen"), []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)} {
			if err := s.Save(ctx, alfa, club.Update{Title: p("Cambiado"), Logo: &bad}); problem.Code(err) != "file.not_image" {
				t.Fatalf("a logo that is not an image: %v", err)
			}
		}
		for _, blank := range []string{"", "   "} {
			if err := s.Save(ctx, alfa, club.Update{Title: &blank, Body: p("<p>nuevo</p>")}); problem.Code(err) != "club.title_required" {
				t.Fatalf("a blank title: %v", err)
			}
		}
		if got, _ := s.Get(ctx, alfa); got.Title != "Alfa Club" || got.Logo != c.Logo || got.Body != "" || k.Count("files", "") != files {
			t.Fatalf("a refused update changed the club: %+v", got)
		}
		if err := s.Save(ctx, 999999, club.Update{Title: p("X")}); !errors.Is(err, club.ErrNotFound) {
			t.Fatalf("an unknown club: %v", err)
		}

		// pictures: added in order, kept by id; a kept one must be the club's page picture
		one, two := pngOf(t, color.White), pngOf(t, color.Black)
		if err := s.Save(ctx, alfa, club.Update{Images: &[][]byte{one, two}}); err != nil {
			t.Fatal(err)
		}
		c, _ = s.Get(ctx, alfa)
		imgs := c.ImageIDs()
		if len(imgs) != 2 || imgs[0] == imgs[1] {
			t.Fatalf("two pictures: %v", imgs)
		}
		if err := s.Save(ctx, alfa, club.Update{KeepImages: []string{imgs[1]}, Images: &[][]byte{pngOf(t, color.RGBA{1, 2, 3, 255})}}); err != nil {
			t.Fatal(err)
		}
		c, _ = s.Get(ctx, alfa)
		if got := c.ImageIDs(); len(got) != 2 || got[0] != imgs[1] || got[1] == imgs[0] {
			t.Fatalf("keep the second, add one: %v", got)
		}
		kept := c.ImageIDs()
		newsID, err := k.App.Social.PublishNews(ctx, alfa, k.User("social", alfa, access.Social), social.NewsInput{Title: "Cata",
			Images: []string{"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="}})
		if err != nil {
			t.Fatal(err)
		}
		news, _ := k.App.Social.NewsList(ctx, alfa)
		newsPicture := news[0].Images[0].File
		if news[0].ID != newsID {
			t.Fatal("the news item")
		}
		betaLogo := pngOf(t, color.RGBA{9, 9, 9, 255})
		if err := s.Save(ctx, beta, club.Update{Images: &[][]byte{betaLogo}}); err != nil {
			t.Fatal(err)
		}
		b, _ := s.Get(ctx, beta)
		for what, id := range map[string]string{"a news picture of the club": newsPicture, "another club's page picture": b.ImageIDs()[0]} {
			if err := s.Save(ctx, alfa, club.Update{KeepImages: []string{id}}); problem.Code(err) != "file.not_image" {
				t.Errorf("keeping %s: %v", what, err)
			}
		}
		if got, _ := s.Get(ctx, alfa); !slices.Equal(got.ImageIDs(), kept) {
			t.Fatalf("a refused keep changed the pictures: %v", got.ImageIDs())
		}

		// public while they are the club's page: the logo and the pictures, not a news picture
		for _, id := range append([]string{c.Logo}, kept...) {
			if ok, err := s.PageImage(ctx, id); err != nil || !ok {
				t.Fatalf("page picture %s: %v %v", id, ok, err)
			}
		}
		if ok, _ := s.PageImage(ctx, newsPicture); ok {
			t.Fatal("a news picture is public")
		}
		newLogo := pngOf(t, color.RGBA{7, 7, 7, 255})
		if err := s.Save(ctx, alfa, club.Update{Logo: &newLogo, KeepImages: []string{kept[1]}}); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{c.Logo, kept[0]} {
			if ok, _ := s.PageImage(ctx, id); ok {
				t.Fatalf("a replaced or removed picture %s is still public", id)
			}
		}
		if ok, _ := s.PageImage(ctx, kept[1]); !ok {
			t.Fatal("the kept picture stopped being public")
		}
		if err := s.Save(ctx, alfa, club.Update{KeepImages: []string{}}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, alfa); got.Images != "[]" {
			t.Fatalf("no pictures: %q", got.Images)
		}

		// the design is stored inert, and a design that is not JSON changes nothing
		if err := s.Save(ctx, alfa, club.Update{HTMLDesign: p(`{"components":[{"type":"script","content":"alert(1)"},{"tagName":"p","attributes":{"onclick":"x()","class":"a"}}]}`)}); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Get(ctx, alfa)
		if got.HTMLDesign != `{"components":[{"attributes":{"class":"a"},"tagName":"p"}]}` {
			t.Fatalf("stored design: %s", got.HTMLDesign)
		}
		if err := s.Save(ctx, alfa, club.Update{Title: p("Otro"), HTMLDesign: p(`{"components":`)}); problem.Code(err) != "club.design_invalid" {
			t.Fatalf("a design that is not JSON: %v", err)
		}
		if again, _ := s.Get(ctx, alfa); again.HTMLDesign != got.HTMLDesign || again.Title != "Alfa Club" {
			t.Fatalf("a refused design changed the club: %+v", again)
		}
	})
}

// The design keeps what it shows and loses what runs, however deep:
// script components and elements, event handlers, a frame's document,
// script URLs and data: documents; pictures as data: stay, and so do
// numbers as written and a text node's content.
func TestCleanDesign(t *testing.T) {
	for _, c := range []struct{ what, in, want string }{
		{"blank stays blank", "  ", ""},
		{"a script component", `[{"type":"script","src":"x.js"},{"type":"text","content":"hola"}]`, `[{"content":"hola","type":"text"}]`},
		{"runnable tags, any case", `[{"tagName":" IFRAME "},{"tagName":"object"},{"tagName":"embed"},{"tagName":"base"},{"tagName":"div"}]`, `[{"tagName":"div"}]`},
		{"handlers and scripts of a component", `{"tagName":"a","attributes":{"onClick":"x()","onmouseover":"y()","href":"https://x.test"},"script":"z()","script-export":"w"}`,
			`{"attributes":{"href":"https://x.test"},"tagName":"a"}`},
		{"a frame's document", `{"tagName":"div","attributes":{"srcdoc":"<script>x</script>"}}`, `{"attributes":{},"tagName":"div"}`},
		{"script URLs, however written", `{"a":"javascript:alert(1)","b":" JaVa\tScRiPt:alert(1)","c":"vbscript:x","d":"https://ok.test"}`, `{"d":"https://ok.test"}`},
		{"a CSS url() holding a script", `{"style":{"background":"url('javascript:alert(1)')","color":"red"}}`, `{"style":{"color":"red"}}`},
		{"data: documents go, pictures stay", `{"a":"data:text/html,<script>x</script>","b":"data:image/png;base64,AAAA","c":"url(data:text/html;base64,x)"}`,
			`{"b":"data:image/png;base64,AAAA"}`},
		{"HTML content is sanitised", `{"tagName":"div","content":"<p>hola<script>x</script><img src=x onerror=y></p>"}`, `{"content":"<p>hola<img src=\"x\"></p>","tagName":"div"}`},
		{"a text node's content is text", `{"type":"textnode","content":"<b>1 < 2</b>"}`, `{"content":"<b>1 < 2</b>","type":"textnode"}`},
		{"numbers as written", `{"w":1.50,"h":10000000000000000001}`, `{"h":10000000000000000001,"w":1.50}`},
		{"deep in lists", `[[[{"tagName":"script"},{"x":"javascript:1"},{"y":"ok"}]]]`, `[[[{},{"y":"ok"}]]]`},
	} {
		got, err := club.CleanDesign(c.in)
		if err != nil || got != c.want {
			t.Errorf("%s: got %s (%v), want %s", c.what, got, err, c.want)
		}
	}
	for _, bad := range []string{`{"a":`, `{"a":1} {"b":2}`, `<p>hola</p>`} {
		if _, err := club.CleanDesign(bad); problem.Code(err) != "club.design_invalid" {
			t.Errorf("%q: want club.design_invalid, got %v", bad, err)
		}
	}
}

// TestCategories: each setting's title follows its type's rule and is
// stored as a number where it is one; a refused title stores nothing; a
// category is changed and deleted only through its club; a product
// category in use stays; the product categories list by title, the others
// oldest first; the stock alert level reads the setting.
func TestCategories(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Clubs
		alfa := k.Club("Alfa", access.Socios)
		beta := k.Club("Beta", access.Socios)
		for _, c := range []struct {
			typ, title, code string
		}{
			{"dispensary", "  ", "category.title_required"},
			{"dispensary", strings.Repeat("ñ", 81), "category.title_too_long"},
			{"weight_discrepancy", "-1", "category.number_invalid"},
			{"weight_discrepancy", "100.01", "category.number_invalid"},
			{"consumptionforecast", "mucho", "category.number_invalid"},
			{"cash-register", "", "category.number_invalid"},
			{"wallet", "-0,01", "category.number_invalid"},
			{club.StockAlertType, "-1", "category.number_invalid"},
			{club.StockAlertType, "mucho", "category.number_invalid"},
			{"consumption_check", "maybe", "category.check_invalid"},
			{"payment_methods", "", "payment_methods.none"},
			{"payment_methods", "-bizum", "payment_methods.none"},
			{"membership", "VIP", "category.type_invalid"},
			{"no_such_type", "x", "category.type_invalid"},
		} {
			if _, err := s.SaveCategory(ctx, alfa, 0, c.typ, c.title); problem.Code(err) != c.code {
				t.Errorf("%s %q: want %s, got %v", c.typ, c.title, c.code, err)
			}
		}
		if n := k.Count("club_categories", ""); n != 0 {
			t.Fatalf("refused categories stored: %d", n)
		}
		for _, c := range []struct{ typ, title, stored string }{
			{"dispensary", " Flores ", "Flores"},
			{"dispensary", strings.Repeat("ñ", 80), strings.Repeat("ñ", 80)},
			{"weight_discrepancy", "7,50", "7.5"},
			{"weight_discrepancy", "100", "100"},
			{"cash-register", "150,5", "150.5"},
			{"consumptionforecast", "44.5", "44.5"},
			{club.StockAlertType, "2,5", "2.5"},
			{"consumption_check", "off", "off"},
			{"payment_methods", "cash-wallet-card", "-wallet-card-cash"},
		} {
			got, err := s.SaveCategory(ctx, alfa, 0, c.typ, c.title)
			if err != nil || got.Title != c.stored || got.Type != c.typ || got.Association != alfa {
				t.Errorf("%s %q: %+v %v, want %q", c.typ, c.title, got, err, c.stored)
			}
		}
		if level, err := s.StockAlert(ctx, alfa); err != nil || level != 2500 {
			t.Fatalf("stock alert of 2.5: %v %v", level, err)
		}
		if level, _ := s.StockAlert(ctx, beta); level != 0 {
			t.Fatalf("no stock alert: %v", level)
		}

		ext, _ := s.SaveCategory(ctx, alfa, 0, "dispensary", "Extracciones")
		cats, err := s.Categories(ctx, alfa, "dispensary")
		if err != nil || len(cats) != 3 || cats[0].Title != "Extracciones" || cats[1].Title != "Flores" {
			t.Fatalf("product categories by title: %+v %v", cats, err)
		}
		flores := cats[1].NID
		betaCat, _ := s.SaveCategory(ctx, beta, 0, "dispensary", "Beta")
		disc, _ := s.Categories(ctx, alfa, "weight_discrepancy")
		if len(disc) != 2 || disc[0].Title != "7.5" || disc[1].Title != "100" {
			t.Fatalf("settings oldest first: %+v", disc)
		}

		// update: the title's rule applies, and only to the club's own category of that type
		if got, err := s.SaveCategory(ctx, alfa, disc[0].NID, "weight_discrepancy", "3"); err != nil || got.Title != "3" || got.NID != disc[0].NID {
			t.Fatalf("update: %+v %v", got, err)
		}
		if _, err := s.SaveCategory(ctx, alfa, disc[0].NID, "weight_discrepancy", "101"); problem.Code(err) != "category.number_invalid" {
			t.Fatalf("update to 101: %v", err)
		}
		if _, err := s.SaveCategory(ctx, alfa, betaCat.NID, "dispensary", "Robada"); problem.Code(err) != "category.not_found" {
			t.Fatalf("update another club's: %v", err)
		}
		if _, err := s.SaveCategory(ctx, alfa, flores, "weight_discrepancy", "5"); problem.Code(err) != "category.not_found" {
			t.Fatalf("update through another type: %v", err)
		}
		if k.Count("club_categories", "id = ? AND title = 'Beta'", betaCat.NID) != 1 || k.Count("club_categories", "id = ? AND title = 'Flores' AND type = 'dispensary'", flores) != 1 ||
			k.Count("club_categories", "id = ? AND title = '3'", disc[0].NID) != 1 {
			t.Fatal("a refused update changed a category")
		}
		if typ, err := s.CategoryTypeOf(ctx, alfa, disc[0].NID); err != nil || typ != "weight_discrepancy" {
			t.Fatalf("type of a category: %q %v", typ, err)
		}
		if _, err := s.CategoryTypeOf(ctx, alfa, betaCat.NID); problem.Code(err) != "category.not_found" {
			t.Fatalf("type of another club's: %v", err)
		}

		// delete: a product category in use stays; a deleted product no longer holds it
		prod, err := k.App.Catalog.Save(ctx, alfa, catalog.Input{Title: "Critical", Category: flores, Price: p(amount.Cents(950)), Type: catalog.TypeWeight, Dominance: "indica"})
		if err != nil {
			t.Fatal(err)
		}
		err = s.DeleteCategory(ctx, alfa, flores)
		var inv *problem.Invalid
		if problem.Code(err) != "category.in_use" || !errors.As(err, &inv) || inv.Params["count"] != "1" {
			t.Fatalf("delete in use: %#v", err)
		}
		if err := s.DeleteCategory(ctx, alfa, betaCat.NID); problem.Code(err) != "category.not_found" {
			t.Fatalf("delete another club's: %v", err)
		}
		if k.Count("club_categories", "id IN (?, ?)", flores, betaCat.NID) != 2 {
			t.Fatal("a refused delete removed a category")
		}
		if _, err := k.App.Catalog.Delete(ctx, alfa, catalog.KindPro, []int64{prod.PID}); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{flores, ext.NID, disc[0].NID} {
			if err := s.DeleteCategory(ctx, alfa, id); err != nil {
				t.Fatalf("delete %d: %v", id, err)
			}
		}
		if k.Count("club_categories", "id IN (?, ?, ?)", flores, ext.NID, disc[0].NID) != 0 {
			t.Fatal("deleted categories still there")
		}
		if err := s.DeleteCategory(ctx, alfa, flores); problem.Code(err) != "category.not_found" {
			t.Fatalf("delete again: %v", err)
		}
	})
}

// TestMemberCategories: a member category has a title and a discount of 0
// to 100; a refused one stores nothing; it is changed and deleted only
// through its club and never as a setting; deleting it takes it off its
// members.
func TestMemberCategories(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Clubs
		alfa := k.Club("Alfa", access.Socios)
		beta := k.Club("Beta", access.Socios)
		for _, c := range []struct {
			title     string
			descuento int
			code      string
		}{{"Demasiado", 101, "category.discount_range"}, {"Negativo", -1, "category.discount_range"}, {"", 10, "category.title_required"}, {"  ", 10, "category.title_required"}} {
			if _, err := s.SaveMemberCategory(ctx, alfa, 0, c.title, c.descuento); problem.Code(err) != c.code {
				t.Errorf("%q %d: want %s, got %v", c.title, c.descuento, c.code, err)
			}
		}
		if n := k.Count("club_categories", ""); n != 0 {
			t.Fatalf("refused categories stored: %d", n)
		}
		vip, err := s.SaveMemberCategory(ctx, alfa, 0, " VIP ", 100)
		if err != nil || vip.Title != "VIP" || vip.Descuento != 100 {
			t.Fatalf("VIP: %+v %v", vip, err)
		}
		if _, err := s.SaveMemberCategory(ctx, alfa, 0, "Básica", 0); err != nil {
			t.Fatal(err)
		}
		betaCat, _ := s.SaveMemberCategory(ctx, beta, 0, "Beta", 5)
		if got, err := s.SaveMemberCategory(ctx, alfa, vip.NID, "VIP Oro", 50); err != nil || got.Title != "VIP Oro" || got.Descuento != 50 {
			t.Fatalf("update: %+v %v", got, err)
		}
		if _, err := s.SaveMemberCategory(ctx, alfa, vip.NID, "VIP", 101); problem.Code(err) != "category.discount_range" {
			t.Fatalf("update to 101: %v", err)
		}
		if _, err := s.SaveMemberCategory(ctx, alfa, betaCat.NID, "Robada", 1); problem.Code(err) != "category.not_found" {
			t.Fatalf("update another club's: %v", err)
		}
		if err := s.DeleteMemberCategory(ctx, alfa, betaCat.NID); problem.Code(err) != "category.not_found" {
			t.Fatalf("delete another club's: %v", err)
		}
		if err := s.DeleteCategory(ctx, alfa, vip.NID); problem.Code(err) != "category.not_found" {
			t.Fatalf("a member category deleted as a setting: %v", err)
		}
		if k.Count("club_categories", "id = ? AND title = 'Beta' AND descuento = 5", betaCat.NID) != 1 ||
			k.Count("club_categories", "id = ? AND title = 'VIP Oro' AND descuento = 50", vip.NID) != 1 {
			t.Fatal("a refused change was written")
		}

		m, err := k.App.Members.Save(ctx, alfa, member.Actor{IsAdmin: true}, member.Input{Nombre: p("Cata"), Surname: p("Categoría"), DNI: p("95000001C"), Category: p(vip.NID)})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteMemberCategory(ctx, alfa, vip.NID); err != nil {
			t.Fatal(err)
		}
		if got, _ := k.App.Members.Get(ctx, alfa, m.NID); got.CategoryMember != nil || k.Count("members", "id = ? AND category_id IS NULL", m.NID) != 1 {
			t.Fatalf("the member keeps a deleted category: %+v", got.CategoryMember)
		}
		if err := s.DeleteMemberCategory(ctx, alfa, vip.NID); problem.Code(err) != "category.not_found" {
			t.Fatalf("delete again: %v", err)
		}
	})
}
