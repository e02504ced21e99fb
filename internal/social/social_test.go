package social_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"socius/internal/access"
	"socius/internal/member"
	"socius/internal/problem"
	"socius/internal/social"
	"socius/internal/testkit"
)

// pngURL is a data URL of a w×h PNG of one colour.
func pngURL(t *testing.T, w, h int, c color.Color) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// world is two clubs with communication, a Social staff user of Alfa, two
// members of Alfa and one of Beta.
type world struct {
	k                   *testkit.Kit
	ctx                 context.Context
	s                   *social.Service
	alfa, beta          int64
	staff               int64
	socia, otro, betaM  int64
	sociaName, otroName string
}

func newWorld(t *testing.T, k *testkit.Kit) *world {
	t.Helper()
	w := &world{k: k, ctx: context.Background(), s: k.App.Social,
		alfa: k.Club("Alfa", access.Socios, access.Comunicacion), beta: k.Club("Beta", access.Socios, access.Comunicacion)}
	w.staff = k.User("social", w.alfa, access.Social)
	w.socia = w.member(t, w.alfa, "Irene", "Lectora", "11111111H")
	w.otro = w.member(t, w.alfa, "Otro", "Socio", "22222222J")
	w.betaM = w.member(t, w.beta, "Bea", "Beta", "33333333P")
	return w
}

func (w *world) member(t *testing.T, club int64, nombre, surname, dni string) int64 {
	t.Helper()
	m, err := w.k.App.Members.Save(w.ctx, club, member.Actor{IsAdmin: true}, member.Input{Nombre: &nombre, Surname: &surname, DNI: &dni})
	if err != nil {
		t.Fatal(err)
	}
	return m.NID
}

// TestNews: a news item's title, subtitle, body and images are checked
// before anything is stored; a refused item stores nothing, not even its
// images; the list is the club's, newest first, with its images in order;
// a deletion is the club's own and takes the images with it.
func TestNews(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		notImage := "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("no soy una imagen"))
		tooMany := make([]string, social.MaxImages+1)
		for i := range tooMany {
			tooMany[i] = pngURL(t, 2, 2, color.White)
		}
		for _, c := range []struct {
			what string
			in   social.NewsInput
			code string
		}{
			{"a blank title", social.NewsInput{Title: "  ", Body: "<p>x</p>"}, "social.title_required"},
			{"a title of 201 characters", social.NewsInput{Title: strings.Repeat("ñ", social.MaxTitle+1)}, "social.title_too_long"},
			{"a subtitle of 201 characters", social.NewsInput{Title: "Fiesta", Subtitle: strings.Repeat("ñ", social.MaxTitle+1)}, "social.subtitle_too_long"},
			{"a body too long", social.NewsInput{Title: "Fiesta", Body: strings.Repeat("a", social.MaxBody+1)}, "social.body_too_long"},
			{"eleven images", social.NewsInput{Title: "Fiesta", Images: tooMany}, "social.too_many_images"},
			{"not an image after a good one", social.NewsInput{Title: "Fiesta", Images: []string{pngURL(t, 2, 2, color.Black), notImage}}, "social.image_invalid"},
		} {
			if _, err := w.s.PublishNews(w.ctx, w.alfa, w.staff, c.in); problem.Code(err) != c.code {
				t.Errorf("%s: want %s, got %v", c.what, c.code, err)
			}
		}
		if n, f := k.Count("news", ""), k.Count("files", ""); n != 0 || f != 0 {
			t.Fatalf("refused publications stored %d news and %d files", n, f)
		}
		if _, err := w.s.PublishNews(w.ctx, w.alfa, w.staff, social.NewsInput{Title: strings.Repeat("ñ", social.MaxTitle)}); err != nil {
			t.Fatalf("a title of 200 characters: %v", err)
		}

		id, err := w.s.PublishNews(w.ctx, w.alfa, w.staff, social.NewsInput{Title: " Horario de verano ", Subtitle: " Desde el 1 de julio ",
			Body: "<p>Abrimos de <b>17 a 23 h</b>.</p><script>alert(1)</script>", Images: []string{pngURL(t, 900, 600, color.RGBA{1, 2, 3, 255}), pngURL(t, 2, 2, color.White)}})
		if err != nil {
			t.Fatal(err)
		}
		second, err := w.s.PublishNews(w.ctx, w.alfa, w.staff, social.NewsInput{Title: "Asamblea"})
		if err != nil {
			t.Fatal(err)
		}
		k.App.DB.Exec(w.ctx, `UPDATE news SET created = created + 10 WHERE id = ?`, second) //nolint:errcheck // checked by the order below
		list, err := w.s.NewsList(w.ctx, w.alfa)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 3 || list[0].ID != second || list[1].ID != id {
			t.Fatalf("newest first: %+v", list)
		}
		var n social.News
		for _, it := range list {
			if it.ID == id {
				n = it
			}
		}
		if n.Title != "Horario de verano" || n.Subtitle != "Desde el 1 de julio" || n.Body != "<p>Abrimos de <b>17 a 23 h</b>.</p>" {
			t.Fatalf("published news: %+v", n)
		}
		if len(n.Images) != 2 || n.Images[0].File == "" || n.Images[0].Thumb == n.Images[0].File || n.Images[0].File == n.Images[1].File {
			t.Fatalf("images: want two in order, the first with its own thumbnail: %+v", n.Images)
		}
		if list[0].Images == nil || len(list[0].Images) != 0 {
			t.Fatalf("a news item without images has an empty list: %+v", list[0].Images)
		}
		if beta, _ := w.s.NewsList(w.ctx, w.beta); len(beta) != 0 {
			t.Fatalf("Beta reads Alfa's news: %+v", beta)
		}

		// the pictures are shown while the news item is the club's
		for _, f := range []string{n.Images[0].File, n.Images[0].Thumb, n.Images[1].File} {
			if ok, err := w.s.ImageShown(w.ctx, w.alfa, f); err != nil || !ok {
				t.Fatalf("picture %s of published news: %v %v", f, ok, err)
			}
			if ok, _ := w.s.ImageShown(w.ctx, w.beta, f); ok {
				t.Fatalf("Alfa's picture shown in Beta")
			}
		}
		if err := w.s.DeleteNews(w.ctx, w.beta, id); problem.Code(err) != "news.not_found" {
			t.Fatalf("delete through another club: %v", err)
		}
		if k.Count("news", "id = ?", id) != 1 || k.Count("news_images", "news_id = ?", id) != 2 {
			t.Fatal("a refused delete removed the news")
		}
		if err := w.s.DeleteNews(w.ctx, w.alfa, id); err != nil {
			t.Fatal(err)
		}
		if k.Count("news_images", "news_id = ?", id) != 0 {
			t.Fatal("the deleted news kept its images")
		}
		if ok, _ := w.s.ImageShown(w.ctx, w.alfa, n.Images[0].File); ok {
			t.Fatal("a picture of deleted news is still shown")
		}
		if err := w.s.DeleteNews(w.ctx, w.alfa, id); problem.Code(err) != "news.not_found" {
			t.Fatalf("delete again: %v", err)
		}
	})
}

// TestEvents: an event needs both days, the last not before the first; a
// refused event stores nothing; a member signs up once; an event is found,
// signed up for and deleted only through its club; a deletion takes the
// sign-ups with it.
func TestEvents(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		ev := func(start, end string) social.EventInput {
			return social.EventInput{Title: "Cata de otoño", Body: "<p>Con <i>maridaje</i></p>", StartDate: start, EndDate: end}
		}
		for _, c := range []struct {
			what string
			in   social.EventInput
			code string
		}{
			{"end before start", ev("2026-11-27", "2026-11-26"), "event.dates_order"},
			{"a day in another format", ev("27/11/2026", "2026-11-28"), "event.dates_required"},
			{"no end", ev("2026-11-27", ""), "event.dates_required"},
			{"a day that does not exist", ev("2026-02-30", "2026-03-01"), "event.dates_required"},
			{"no title", social.EventInput{StartDate: "2026-11-27", EndDate: "2026-11-28"}, "social.title_required"},
		} {
			if _, err := w.s.PublishEvent(w.ctx, w.alfa, w.staff, c.in); problem.Code(err) != c.code {
				t.Errorf("%s: want %s, got %v", c.what, c.code, err)
			}
		}
		if n := k.Count("social_events", ""); n != 0 {
			t.Fatalf("refused events stored: %d", n)
		}
		one, err := w.s.PublishEvent(w.ctx, w.alfa, w.staff, ev("2026-11-27", "2026-11-27"))
		if err != nil {
			t.Fatalf("a one-day event: %v", err)
		}
		in := ev("2026-11-28", "2026-11-29")
		in.Images = []string{pngURL(t, 2, 2, color.Black)}
		id, err := w.s.PublishEvent(w.ctx, w.alfa, w.staff, in)
		if err != nil {
			t.Fatal(err)
		}
		list, err := w.s.Events(w.ctx, w.alfa, 0, w.socia)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != id || list[1].ID != one || list[0].StartDate != "2026-11-28" || list[0].EndDate != "2026-11-29" ||
			list[0].Counter != 0 || list[0].Attending || len(list[0].Images) != 1 || list[0].Body != "<p>Con <i>maridaje</i></p>" {
			t.Fatalf("the latest start first: %+v", list)
		}
		if ok, _ := w.s.ImageShown(w.ctx, w.alfa, list[0].Images[0].Thumb); !ok {
			t.Fatal("an event's picture is not shown")
		}

		// a member signs up once: twice counts one
		for range 2 {
			if n, err := w.s.Attend(w.ctx, w.alfa, id, w.socia); err != nil || n != 1 {
				t.Fatalf("attend: %d %v", n, err)
			}
		}
		if n := k.Count("social_event_attendees", "event_id = ? AND member_id = ?", id, w.socia); n != 1 {
			t.Fatalf("sign-ups of the member: %d", n)
		}
		if _, err := w.s.Attend(w.ctx, w.beta, id, w.betaM); problem.Code(err) != "event.not_found" {
			t.Fatalf("attending through another club: %v", err)
		}
		if n, err := w.s.Attend(w.ctx, w.alfa, id, w.otro); err != nil || n != 2 {
			t.Fatalf("a second member: %d %v", n, err)
		}
		for _, c := range []struct {
			who    int64
			attend bool
		}{{w.socia, true}, {0, false}} {
			got, err := w.s.Events(w.ctx, w.alfa, id, c.who)
			if err != nil || len(got) != 1 || got[0].Counter != 2 || got[0].Attending != c.attend {
				t.Fatalf("one event seen by %d: %+v %v", c.who, got, err)
			}
		}
		if _, err := w.s.Events(w.ctx, w.beta, id, 0); problem.Code(err) != "event.not_found" {
			t.Fatalf("another club's event by id: %v", err)
		}
		if err := w.s.DeleteEvent(w.ctx, w.beta, id); problem.Code(err) != "event.not_found" {
			t.Fatalf("delete through another club: %v", err)
		}
		if k.Count("social_events", "id = ?", id) != 1 || k.Count("social_event_attendees", "event_id = ?", id) != 2 {
			t.Fatal("a refused delete changed the event")
		}
		if err := w.s.DeleteEvent(w.ctx, w.alfa, id); err != nil {
			t.Fatal(err)
		}
		if n := k.Count("social_event_attendees", "event_id = ?", id); n != 0 {
			t.Fatalf("sign-ups left after delete: %d", n)
		}
		if _, err := w.s.Attend(w.ctx, w.alfa, id, w.socia); problem.Code(err) != "event.not_found" {
			t.Fatalf("attend a deleted event: %v", err)
		}
		if k.Count("social_event_attendees", "event_id = ?", id) != 0 {
			t.Fatal("a refused sign-up was stored")
		}
	})
}

// TestConsultations: a member asks with a title and a message; a member
// sees and answers only their own; staff who answer see every one of the
// club; a comment is signed and marked as staff's or not and moves the
// consultation's activity; nothing crosses clubs; a deletion takes the
// comments with it.
func TestConsultations(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		// a member writes through their own account, linked to their member record
		account := func(username string, memberID int64) int64 {
			uid := k.User(username, 0)
			if _, err := k.App.DB.Exec(w.ctx, `UPDATE members SET user_id = ? WHERE id = ?`, uid, memberID); err != nil {
				t.Fatal(err)
			}
			return uid
		}
		socia := social.Viewer{UserID: account("socia", w.socia), MemberID: w.socia}
		otro := social.Viewer{UserID: account("otro", w.otro), MemberID: w.otro}
		staff := social.Viewer{UserID: w.staff, AllOfClub: true}
		betaStaff := social.Viewer{UserID: k.User("betastaff", w.beta, access.Administrador), AllOfClub: true}
		for _, c := range []struct {
			what, title, body, code string
		}{
			{"a blank message", "Horario", "  ", "consult.body_required"},
			{"no title", "", "Hola", "social.title_required"},
			{"a title of 201 characters", strings.Repeat("a", social.MaxTitle+1), "Hola", "social.title_too_long"},
			{"a message of 2001 characters", "Horario", strings.Repeat("ñ", social.MaxMessage+1), "consult.body_too_long"},
		} {
			if _, err := w.s.Ask(w.ctx, w.alfa, socia, c.title, c.body); problem.Code(err) != c.code {
				t.Errorf("%s: want %s, got %v", c.what, c.code, err)
			}
		}
		if n := k.Count("consultations", ""); n != 0 {
			t.Fatalf("refused consultations stored: %d", n)
		}
		id, err := w.s.Ask(w.ctx, w.alfa, socia, " Horario de agosto ", " ¿Abrís en agosto? ")
		if err != nil {
			t.Fatal(err)
		}
		mine, err := w.s.Consultations(w.ctx, w.alfa, socia, id)
		if err != nil || len(mine) != 1 {
			t.Fatalf("the member's own: %+v %v", mine, err)
		}
		if c := mine[0]; c.Title != "Horario de agosto" || c.Body != "¿Abrís en agosto?" || c.Name != "Irene Lectora" || c.MemberID != w.socia ||
			c.Comments == nil || len(c.Comments) != 0 {
			t.Fatalf("asked: %+v", c)
		}

		// another member of the club neither sees nor answers it; nor another club's staff
		if got, _ := w.s.Consultations(w.ctx, w.alfa, otro, 0); len(got) != 0 {
			t.Fatalf("another member sees %+v", got)
		}
		if _, err := w.s.Consultations(w.ctx, w.alfa, otro, id); problem.Code(err) != "consult.not_found" {
			t.Fatalf("another member reading it by id: %v", err)
		}
		if _, _, err := w.s.Reply(w.ctx, w.alfa, otro, id, "Yo también"); problem.Code(err) != "consult.not_found" {
			t.Fatalf("another member commenting: %v", err)
		}
		if got, _ := w.s.Consultations(w.ctx, w.beta, betaStaff, 0); len(got) != 0 {
			t.Fatalf("Beta's staff see %+v", got)
		}
		if _, _, err := w.s.Reply(w.ctx, w.beta, betaStaff, id, "Hola"); problem.Code(err) != "consult.not_found" {
			t.Fatalf("another club commenting: %v", err)
		}
		if err := w.s.DeleteConsultation(w.ctx, w.beta, id); problem.Code(err) != "consult.not_found" {
			t.Fatalf("another club deleting: %v", err)
		}
		if _, _, err := w.s.Reply(w.ctx, w.alfa, socia, id, " "); problem.Code(err) != "consult.body_required" {
			t.Fatalf("a blank comment: %v", err)
		}
		if n := k.Count("consultation_comments", ""); n != 0 || k.Count("consultations", "") != 1 {
			t.Fatalf("refused comments stored: %d", n)
		}

		// staff answer; the member reads the answer and replies
		if got, _ := w.s.Consultations(w.ctx, w.alfa, staff, 0); len(got) != 1 || got[0].ID != id {
			t.Fatalf("staff's list: %+v", got)
		}
		k.App.DB.Exec(w.ctx, `UPDATE consultations SET created = created - 100, last_activity = last_activity - 100 WHERE id = ?`, id) //nolint:errcheck // checked below
		title, name, err := w.s.Reply(w.ctx, w.alfa, staff, id, "Sí, de 17 a 22 h.")
		if err != nil || title != "Horario de agosto" || name != "Social" {
			t.Fatalf("answer: %q %q %v", title, name, err)
		}
		if _, _, err := w.s.Reply(w.ctx, w.alfa, socia, id, "¡Gracias!"); err != nil {
			t.Fatal(err)
		}
		mine, _ = w.s.Consultations(w.ctx, w.alfa, socia, 0)
		if len(mine) != 1 || len(mine[0].Comments) != 2 {
			t.Fatalf("the member's thread: %+v", mine)
		}
		if a, b := mine[0].Comments[0], mine[0].Comments[1]; !a.Staff || a.Name != "Social" || a.Body != "Sí, de 17 a 22 h." || b.Staff || b.Body != "¡Gracias!" || b.Name != "Socia" {
			t.Fatalf("the comments: %+v", mine[0].Comments)
		}
		if c := mine[0]; c.LastActivity <= c.Created {
			t.Fatalf("a comment does not move the activity: %+v", c)
		}
		// the latest activity first
		other, err := w.s.Ask(w.ctx, w.alfa, otro, "Cuota", "¿Cuánto es?")
		if err != nil {
			t.Fatal(err)
		}
		if all, _ := w.s.Consultations(w.ctx, w.alfa, staff, 0); len(all) != 2 || all[0].ID != other {
			t.Fatalf("the latest activity first: %+v", all)
		}

		if err := w.s.DeleteConsultation(w.ctx, w.alfa, id); err != nil {
			t.Fatal(err)
		}
		if n := k.Count("consultation_comments", "consultation_id = ?", id); n != 0 {
			t.Fatalf("comments left: %d", n)
		}
		if got, _ := w.s.Consultations(w.ctx, w.alfa, socia, 0); len(got) != 0 {
			t.Fatalf("after delete: %+v", got)
		}
		if err := w.s.DeleteConsultation(w.ctx, w.alfa, id); problem.Code(err) != "consult.not_found" {
			t.Fatalf("delete again: %v", err)
		}
	})
}

// TestTVSettings: the club theme's defaults until a club saves; colours are
// #RRGGBB, stored in capitals; the interval is 1000 to 999999 ms; a refused
// save stores nothing; each club keeps one row of its own.
func TestTVSettings(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		if v, err := w.s.TV(w.ctx, w.alfa); err != nil || v != social.DefaultTV {
			t.Fatalf("defaults: %+v %v", v, err)
		}
		if d := social.DefaultTV; d.BackgroundColor != "#A463BF" || d.TextColor != "#FFFFFF" || d.Interval != 10000 || !d.ShowDescription || !d.ShowSubtitle || !d.ShowQR {
			t.Fatalf("the theme's defaults: %+v", d)
		}
		valid := func() social.TVSettings {
			return social.TVSettings{BackgroundColor: "#112233", TextColor: "#fafafa", Interval: 6000, ShowSubtitle: true}
		}
		for _, c := range []struct {
			what  string
			edit  func(*social.TVSettings)
			code  string
			field string
		}{
			{"a background that is not #RRGGBB", func(v *social.TVSettings) { v.BackgroundColor = "red; background:url(x)" }, "tv.color_invalid", "backgroundcolor"},
			{"a short colour", func(v *social.TVSettings) { v.BackgroundColor = "#FFF" }, "tv.color_invalid", "backgroundcolor"},
			{"a text colour that is not #RRGGBB", func(v *social.TVSettings) { v.TextColor = "#GGGGGG" }, "tv.color_invalid", "textcolor"},
			{"an interval of 999 ms", func(v *social.TVSettings) { v.Interval = social.MinTVInterval - 1 }, "tv.interval_invalid", "interval"},
			{"an interval of 7 digits", func(v *social.TVSettings) { v.Interval = social.MaxTVInterval + 1 }, "tv.interval_invalid", "interval"},
		} {
			v := valid()
			c.edit(&v)
			_, err := w.s.SaveTV(w.ctx, w.alfa, v)
			var inv *problem.Invalid
			if problem.Code(err) != c.code || !errors.As(err, &inv) || inv.Field != c.field {
				t.Errorf("%s: want %s at %s, got %#v", c.what, c.code, c.field, err)
			}
		}
		if n := k.Count("tv_settings", ""); n != 0 {
			t.Fatalf("refused settings stored: %d", n)
		}
		for _, ms := range []int{social.MinTVInterval, social.MaxTVInterval} {
			v := valid()
			v.Interval = ms
			if _, err := w.s.SaveTV(w.ctx, w.beta, v); err != nil {
				t.Fatalf("an interval of %d ms: %v", ms, err)
			}
		}
		saved, err := w.s.SaveTV(w.ctx, w.alfa, valid())
		if err != nil {
			t.Fatal(err)
		}
		want := social.TVSettings{BackgroundColor: "#112233", TextColor: "#FAFAFA", Interval: 6000, ShowSubtitle: true}
		if got, _ := w.s.TV(w.ctx, w.alfa); saved != want || got != want {
			t.Fatalf("saved %+v, read %+v, want %+v", saved, got, want)
		}
		again := valid()
		again.Interval = 15000
		if _, err := w.s.SaveTV(w.ctx, w.alfa, again); err != nil {
			t.Fatal(err)
		}
		if k.Count("tv_settings", "club_id = ? AND interval_ms = 15000", w.alfa) != 1 || k.Count("tv_settings", "club_id = ?", w.alfa) != 1 {
			t.Fatal("a second save did not replace the club's settings")
		}
		if got, _ := w.s.TV(w.ctx, w.beta); got.Interval != social.MaxTVInterval {
			t.Fatalf("Beta's settings: %+v", got)
		}
	})
}

// Staff-written HTML keeps its formatting and loses everything that runs:
// scripts, handlers, frames, forms, styles and script URLs.
func TestSanitize(t *testing.T) {
	html := social.Sanitize(testkit.XSSBody())
	testkit.CheckNoScript(t, "Sanitize", html)
	testkit.CheckFormatting(t, "Sanitize", html)
	if !strings.Contains(html, `rel="nofollow`) {
		t.Fatalf("a link without rel=nofollow: %s", html)
	}
	if got := social.Sanitize(`<a href="mailto:club@example.test">x</a> <a href="ftp://x">y</a>`); !strings.Contains(got, "mailto:") || strings.Contains(got, "ftp:") {
		t.Fatalf("mailto stays, other schemes go: %s", got)
	}
}
