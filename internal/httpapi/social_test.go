package httpapi_test

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/club"
	"socius/internal/testkit"
)

// socialWorld is two clubs with communication, a Social staff user in Alfa,
// a Budtender of Alfa, staff of Beta, a member of Alfa with an online
// account, an inactive member of Alfa and a member of Beta.
type socialWorld struct {
	alfa, beta                                int64
	social, budtender, betaStaff, socia, baja *testkit.Client
	sociaMember                               int64
	betaSocia                                 *testkit.Client
}

func newSocialWorld(t *testing.T, k *testkit.Kit) *socialWorld {
	w := &socialWorld{alfa: k.Club("Alfa", access.Socios, access.Comunicacion), beta: k.Club("Beta", access.Socios, access.Comunicacion)}
	k.User("social", w.alfa, access.Social)
	k.User("budtender", w.alfa, access.Budtender)
	k.User("betastaff", w.beta, access.Administrador)
	socia := k.User("socia", 0)
	baja := k.User("baja", 0)
	betaSocia := k.User("betasocia", 0)
	exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, 501, 0, 1, 0)`, w.alfa, socia)
	exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, 502, 0, 0, 0)`, w.alfa, baja)
	exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, 503, 0, 1, 0)`, w.beta, betaSocia)
	if err := k.App.DB.Get(t.Context(), &w.sociaMember, `SELECT id FROM members WHERE user_id = ?`, socia); err != nil {
		t.Fatal(err)
	}
	w.social = mustLogin(t, k, "social", testkit.Password)
	w.budtender = mustLogin(t, k, "budtender", testkit.Password)
	w.betaStaff = mustLogin(t, k, "betastaff", testkit.Password)
	w.socia = mustLogin(t, k, "socia", testkit.Password)
	w.baja = mustLogin(t, k, "baja", testkit.Password)
	w.betaSocia = mustLogin(t, k, "betasocia", testkit.Password)
	return w
}

func TestSocialNews(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newSocialWorld(t, k)
		list := func(c *testkit.Client, club int64) *testkit.Response {
			return c.Do("GET", fmt.Sprintf("/api/news/retrieve?association=%d", club), nil)
		}
		publish := func(c *testkit.Client, body map[string]any) *testkit.Response {
			return c.Do("POST", "/api/news", body)
		}

		// one refusal shows the reply of a refused publication; the others are social's rules (internal/social)
		expectErr(t, "no title", publish(w.social, map[string]any{"cid": w.alfa, "title": "  ", "body": "<p>x</p>"}), 400, "social.title_required", "El título es obligatorio")
		expectErr(t, "Budtender publishing", publish(w.budtender, map[string]any{"cid": w.alfa, "title": "Fiesta"}), 403, "access.role", "")
		if n := k.Count("news", "1=1"); n != 0 {
			t.Fatalf("refused publications stored %d news", n)
		}

		res := publish(w.social, map[string]any{"cid": w.alfa, "title": " Horario de verano ", "subtitle": "Desde el 1 de julio",
			"body": "<p>Abrimos de <b>17 a 23 h</b>.</p>", "images": []string{dataURL("image/png", bigPNG(t, 900, 600)), dataURL("image/png", smallPNG(t, color.White))}})
		expectOK(t, "publish", res)
		nid := num(res.JSON["nid"])
		if res.JSON["title"] != "Horario de verano" || res.JSON["subtitle"] != "Desde el 1 de julio" || res.JSON["body"] != "<p>Abrimos de <b>17 a 23 h</b>.</p>" {
			t.Fatalf("published news: %s", res)
		}
		imgs := objects(t, res.JSON["images"])
		if len(imgs) != 2 || !fileURL.MatchString(imgs[0]["img"].(string)) || imgs[0]["thumb"] == imgs[0]["img"] {
			t.Fatalf("images: want two, the first with its own thumbnail: %v", imgs)
		}
		second := publish(w.social, map[string]any{"cid": w.alfa, "title": "Asamblea"})
		expectOK(t, "second", second)

		// Staff and active members of the club read them; no one else.
		for name, c := range map[string]*testkit.Client{"Social": w.social, "Budtender": w.budtender, "member": w.socia} {
			got := listBody(t, list(c, w.alfa))
			if len(got) != 2 {
				t.Fatalf("%s reads: %v", name, got)
			}
		}
		expectErr(t, "inactive member", list(w.baja, w.alfa), 403, "access.denied", "")
		expectErr(t, "member of another club", list(w.betaSocia, w.alfa), 400, "club.no_member_record", "")
		expectErr(t, "staff of another club", list(w.betaStaff, w.alfa), 400, "club.no_member_record", "")
		if got := listBody(t, list(w.betaStaff, w.beta)); len(got) != 0 {
			t.Fatalf("Beta sees Alfa's news: %v", got)
		}

		// The member loads the pictures of published news; another club's member does not.
		img := imgs[0]["img"].(string)
		if r := w.socia.Do("GET", img, nil); r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("\x89PNG")) {
			t.Fatalf("member loading a news picture: %d", r.Status)
		}
		if r := w.socia.Do("GET", imgs[0]["thumb"].(string), nil); r.Status != 200 {
			t.Fatalf("member loading a news thumbnail: %d", r.Status)
		}
		expectErr(t, "another club's member loading the picture", w.betaSocia.Do("GET", img, nil), 403, "access.denied", "")

		// Staff of Beta cannot delete Alfa's news by naming their own club; a Budtender cannot at all.
		expectErr(t, "delete from another club", w.betaStaff.Do("DELETE", fmt.Sprintf("/api/news/%d?association=%d", nid, w.beta), nil), 404, "news.not_found", "")
		expectErr(t, "Budtender deleting", w.budtender.Do("DELETE", fmt.Sprintf("/api/news/%d?association=%d", nid, w.alfa), nil), 403, "access.role", "")
		if n := k.Count("news", "id = ?", nid); n != 1 {
			t.Fatal("a refused delete removed the news")
		}
		del := w.social.Do("DELETE", fmt.Sprintf("/api/news/%d?association=%d", nid, w.alfa), nil)
		expectOK(t, "delete", del)
		if del.Message() != "La noticia se ha eliminado correctamente" {
			t.Fatalf("delete message: %s", del)
		}
		if got := listBody(t, list(w.socia, w.alfa)); len(got) != 1 || got[0]["title"] != "Asamblea" {
			t.Fatalf("after delete: %v", got)
		}
		// Withdrawn with its news: the member no longer loads the picture.
		expectErr(t, "picture of deleted news", w.socia.Do("GET", img, nil), 403, "access.denied", "")
	})
}

func TestSocialEvents(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newSocialWorld(t, k)
		publish := func(body map[string]any) *testkit.Response { return w.social.Do("POST", "/api/event", body) }
		ev := func(extra map[string]any) map[string]any {
			b := map[string]any{"association": w.alfa, "title": "Cata de otoño", "body": "<p>Con <i>maridaje</i></p>", "start_date": "2026-11-27", "end_date": "2026-11-28"}
			for k, v := range extra {
				b[k] = v
			}
			return b
		}
		// one refusal shows the reply; the dates' rules are social's (internal/social)
		expectErr(t, "end before start", publish(ev(map[string]any{"end_date": "2026-11-26"})), 400, "event.dates_order", "La fecha de fin no puede ser anterior a la de inicio")
		if n := k.Count("social_events", "1=1"); n != 0 {
			t.Fatalf("refused events stored: %d", n)
		}
		res := publish(ev(map[string]any{"images": []string{dataURL("image/png", smallPNG(t, color.Black))}}))
		expectOK(t, "publish", res)
		nid := num(res.JSON["nid"])
		madrid, _ := time.LoadLocation("Europe/Madrid")
		if num(res.JSON["start_date"]) != time.Date(2026, 11, 27, 0, 0, 0, 0, madrid).Unix() || num(res.JSON["end_date"]) != time.Date(2026, 11, 29, 0, 0, 0, 0, madrid).Unix()-1 ||
			num(res.JSON["counter"]) != 0 || len(objects(t, res.JSON["images"])) != 1 {
			t.Fatalf("published event: %s", res)
		}

		attend := func(c *testkit.Client, club, id int64) *testkit.Response {
			return c.Do("POST", "/api/event/attend", map[string]any{"association": club, "nid": id})
		}
		// A member signs up their own record (once: social's rule).
		r := attend(w.socia, w.alfa, nid)
		expectOK(t, "attend", r)
		if num(r.JSON["counter"]) != 1 || r.JSON["attending"] != true || num(r.JSON["nid"]) != nid {
			t.Fatalf("attend: %s", r)
		}
		if n := k.Count("social_event_attendees", "event_id = ? AND member_id = ?", nid, w.sociaMember); n != 1 {
			t.Fatalf("sign-ups of the member: %d", n)
		}
		expectErr(t, "inactive member attending", attend(w.baja, w.alfa, nid), 403, "access.denied", "")
		expectErr(t, "member of another club attending", attend(w.betaSocia, w.alfa, nid), 400, "club.no_member_record", "")
		expectErr(t, "attending through another club", attend(w.betaSocia, w.beta, nid), 404, "event.not_found", "")
		// The Budtender is a member of the club too: signing up counts them, once.
		expectOK(t, "staff attending", attend(w.budtender, w.alfa, nid))

		got := listBody(t, w.socia.Do("GET", fmt.Sprintf("/api/event/retrieve?association=%d", w.alfa), nil))
		if len(got) != 1 || num(got[0]["counter"]) != 2 || got[0]["attending"] != true {
			t.Fatalf("member's list: %v", got)
		}
		one := listBody(t, w.social.Do("GET", fmt.Sprintf("/api/event/retrieve?association=%d&nid=%d", w.alfa, nid), nil))
		if len(one) != 1 || one[0]["attending"] != false || num(one[0]["counter"]) != 2 {
			t.Fatalf("staff's view of one event: %v", one)
		}
		expectErr(t, "another club's event by id", w.betaStaff.Do("GET", fmt.Sprintf("/api/event/retrieve?association=%d&nid=%d", w.beta, nid), nil), 404, "event.not_found", "")
		expectErr(t, "delete from another club", w.betaStaff.Do("DELETE", fmt.Sprintf("/api/event/%d?association=%d", nid, w.beta), nil), 404, "event.not_found", "")
		expectErr(t, "member deleting", w.socia.Do("DELETE", fmt.Sprintf("/api/event/%d?association=%d", nid, w.alfa), nil), 403, "access.denied", "")
		expectErr(t, "member publishing", w.socia.Do("POST", "/api/event", ev(nil)), 403, "access.denied", "")

		expectOK(t, "delete", w.social.Do("DELETE", fmt.Sprintf("/api/event/%d?association=%d", nid, w.alfa), nil))
		expectErr(t, "attend a deleted event", attend(w.socia, w.alfa, nid), 404, "event.not_found", "")
	})
}

// An event's days travel as unix seconds, as every date of the spec: an instant is read as the
// day it falls on in the club's time zone, and the event is answered from 00:00:00 of its first
// day to 23:59:59 of its last. A day written YYYY-MM-DD is still read, in that zone too.
func TestEventDatesInUnixSeconds(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newSocialWorld(t, k)
		exec(t, k, `UPDATE clubs SET timezone = 'America/Santiago' WHERE id = ?`, w.alfa)
		zone := club.Location("America/Santiago")
		at := func(day, hour, minute int) int64 { return time.Date(2026, 11, day, hour, minute, 0, 0, zone).Unix() }
		first, last := at(27, 0, 0), at(29, 0, 0)-1 // 00:00:00 of the 27th, 23:59:59 of the 28th
		publish := func(start, end any) *testkit.Response {
			return w.social.Do("POST", "/api/event", map[string]any{"association": w.alfa, "title": "Cata", "start_date": start, "end_date": end})
		}
		days := func(what string, e map[string]any) {
			t.Helper()
			s, sok := e["start_date"].(float64)
			f, fok := e["end_date"].(float64)
			if !sok || !fok || int64(s) != first || int64(f) != last {
				t.Fatalf("%s: want start_date %d and end_date %d (unix seconds), got %#v and %#v", what, first, last, e["start_date"], e["end_date"])
			}
		}

		// 23:30 of the 27th in the club is the 28th in UTC and in Madrid: still the 27th.
		res := publish(at(27, 23, 30), at(28, 18, 0))
		expectOK(t, "unix seconds", res)
		days("published with unix seconds", res.JSON)
		nid := num(res.JSON["nid"])
		one := listBody(t, w.socia.Do("GET", fmt.Sprintf("/api/event/retrieve?association=%d&nid=%d", w.alfa, nid), nil))
		if len(one) != 1 {
			t.Fatalf("retrieve: %v", one)
		}
		days("retrieved", one[0])
		// What was read goes back unchanged.
		res = publish(one[0]["start_date"], one[0]["end_date"])
		expectOK(t, "the dates as read", res)
		days("published with the dates read", res.JSON)
		res = publish("2026-11-27", "2026-11-28")
		expectOK(t, "YYYY-MM-DD", res)
		days("published with YYYY-MM-DD", res.JSON)
		// One day: from its first second to its last.
		res = publish(at(27, 10, 0), at(27, 12, 0))
		if expectOK(t, "one day", res); num(res.JSON["start_date"]) != first || num(res.JSON["end_date"]) != at(28, 0, 0)-1 {
			t.Fatalf("one-day event: %s", res)
		}

		before := k.Count("social_events", "1=1")
		expectErr(t, "end before start in unix seconds", publish(at(28, 9, 0), at(27, 22, 0)), 400, "event.dates_order", "La fecha de fin no puede ser anterior a la de inicio")
		expectErr(t, "no start", publish(0, at(28, 9, 0)), 400, "event.dates_required", "")
		expectErr(t, "negative start", publish(-86400, at(28, 9, 0)), 400, "event.dates_required", "")
		expectErr(t, "a day in another format", publish("27/11/2026", at(28, 9, 0)), 400, "event.dates_required", "")
		expectErr(t, "beyond year 9999", publish(at(27, 0, 0), int64(1)<<50), 400, "event.dates_required", "")
		expectErr(t, "a boolean", publish(true, at(28, 9, 0)), 400, "request.invalid", "")
		if n := k.Count("social_events", "1=1"); n != before {
			t.Fatalf("refused events stored: %d, want %d", n, before)
		}
	})
}

// TestStaffHTMLIsSanitised stores known XSS payloads through every field where
// staff write HTML (news body, event body, club body) and checks that what
// is stored and served carries no script, handler, frame or javascript: URL,
// while ordinary formatting survives.
func TestStaffHTMLIsSanitised(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newSocialWorld(t, k)
		k.User("admin", w.alfa, access.Administrador)
		admin := mustLogin(t, k, "admin", testkit.Password)
		body := testkit.XSSBody()

		n := w.social.Do("POST", "/api/news", map[string]any{"cid": w.alfa, "title": "XSS", "body": body})
		expectOK(t, "news", n)
		e := w.social.Do("POST", "/api/event", map[string]any{"association": w.alfa, "title": "XSS", "body": body, "start_date": "2026-12-01", "end_date": "2026-12-01"})
		expectOK(t, "event", e)
		c := admin.Do("PUT", fmt.Sprintf("/api/association/%d", w.alfa), map[string]any{"body": body})
		expectOK(t, "club", c)

		for where, html := range map[string]string{"news reply": n.JSON["body"].(string), "event reply": e.JSON["body"].(string), "club reply": c.JSON["body"].(string)} {
			testkit.CheckNoScript(t, where, html)
			testkit.CheckFormatting(t, where, html)
		}
		var stored []string
		if err := k.App.DB.Select(t.Context(), &stored, `SELECT body FROM news UNION ALL SELECT body FROM social_events UNION ALL SELECT body FROM clubs WHERE id = ?`, w.alfa); err != nil {
			t.Fatal(err)
		}
		if len(stored) != 3 {
			t.Fatalf("stored bodies: %d", len(stored))
		}
		for _, html := range stored {
			testkit.CheckNoScript(t, "stored body", html)
		}
		for _, path := range []string{"/api/news/retrieve", "/api/event/retrieve"} {
			for _, item := range listBody(t, w.socia.Do("GET", fmt.Sprintf("%s?association=%d", path, w.alfa), nil)) {
				testkit.CheckNoScript(t, path, item["body"].(string))
			}
		}
	})
}

func TestSocialConsultations(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newSocialWorld(t, k)
		other := k.User("otrosocio", 0)
		exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created, nombre, surname) VALUES (?, ?, 504, 0, 1, 0, 'Otro', 'Socio')`, w.alfa, other)
		exec(t, k, `UPDATE members SET nombre = 'Irene', surname = 'Lectora' WHERE id = ?`, w.sociaMember)
		otro := mustLogin(t, k, "otrosocio", testkit.Password)
		create := func(c *testkit.Client, club int64, body map[string]any) *testkit.Response {
			body["association"] = club
			return c.Do("POST", "/api/consult/create", body)
		}
		list := func(c *testkit.Client, club int64) []map[string]any {
			return listBody(t, c.Do("GET", fmt.Sprintf("/api/consult/retrieve?association=%d", club), nil))
		}

		// one refusal shows the reply; the messages' rules are social's (internal/social)
		expectErr(t, "empty message", create(w.socia, w.alfa, map[string]any{"title": "Horario", "body": "  "}), 400, "consult.body_required", "Escribe el mensaje")
		expectErr(t, "inactive member asking", create(w.baja, w.alfa, map[string]any{"title": "Horario", "body": "Hola"}), 403, "access.denied", "")
		expectErr(t, "member of another club asking", create(w.betaSocia, w.alfa, map[string]any{"title": "Horario", "body": "Hola"}), 400, "club.no_member_record", "")
		if n := k.Count("consultations", "1=1"); n != 0 {
			t.Fatalf("refused consultations stored: %d", n)
		}
		events := k.Count("club_events", "type = 'comentario'")

		res := create(w.socia, w.alfa, map[string]any{"title": "Horario de agosto", "body": "¿Abrís en agosto?"})
		expectOK(t, "ask", res)
		nid := num(res.JSON["nid"])
		if res.JSON["name"] != "Irene Lectora" || res.JSON["body"] != "¿Abrís en agosto?" || len(objects(t, res.JSON["comments"])) != 0 {
			t.Fatalf("asked: %s", res)
		}
		if n := k.Count("club_events", "type = 'comentario' AND club_id = ? AND title = 'Horario de agosto' AND body LIKE 'Irene Lectora: %'", w.alfa); n != 1 || k.Count("club_events", "type = 'comentario'") != events+1 {
			t.Fatal("a new consultation is not a live event of the club")
		}

		// Another member of the club neither sees nor answers it; a Budtender (no consultations role) neither.
		for name, c := range map[string]*testkit.Client{"another member": otro, "Budtender": w.budtender} {
			if got := list(c, w.alfa); len(got) != 0 {
				t.Fatalf("%s sees %v", name, got)
			}
			expectErr(t, name+" commenting", create(c, w.alfa, map[string]any{"nid": nid, "body": "Yo también"}), 404, "consult.not_found", "")
			expectErr(t, name+" reading it by id", c.Do("GET", fmt.Sprintf("/api/consult/retrieve?association=%d&nid=%d", w.alfa, nid), nil), 404, "consult.not_found", "")
		}
		// Staff of Beta naming their own club get nothing of Alfa's.
		if got := list(w.betaStaff, w.beta); len(got) != 0 {
			t.Fatalf("Beta's staff see %v", got)
		}
		expectErr(t, "another club commenting", create(w.betaStaff, w.beta, map[string]any{"nid": nid, "body": "Hola"}), 404, "consult.not_found", "")
		expectErr(t, "another club deleting", w.betaStaff.Do("DELETE", fmt.Sprintf("/api/consult/%d?association=%d", nid, w.beta), nil), 404, "consult.not_found", "")
		if n := k.Count("consultation_comments", "1=1"); n != 0 {
			t.Fatalf("refused comments stored: %d", n)
		}

		// Staff answer; the member reads the answer and replies.
		got := list(w.social, w.alfa)
		if len(got) != 1 || got[0]["title"] != "Horario de agosto" {
			t.Fatalf("staff's list: %v", got)
		}
		ans := create(w.social, w.alfa, map[string]any{"nid": nid, "body": "Sí, de 17 a 22 h."})
		expectOK(t, "answer", ans)
		cs := objects(t, ans.JSON["comments"])
		if len(cs) != 1 || cs[0]["staff"] != true || cs[0]["name"] != "Social" || cs[0]["body"] != "Sí, de 17 a 22 h." {
			t.Fatalf("answer: %v", cs)
		}
		if n := k.Count("club_events", "type = 'comentario' AND title = 'Horario de agosto' AND body = 'Social: Sí, de 17 a 22 h.'"); n != 1 {
			t.Fatal("a comment is not a live event of the club")
		}
		expectOK(t, "member replies", create(w.socia, w.alfa, map[string]any{"nid": nid, "body": "¡Gracias!"}))
		mine := list(w.socia, w.alfa)
		if len(mine) != 1 || len(objects(t, mine[0]["comments"])) != 2 || objects(t, mine[0]["comments"])[1]["staff"] != false {
			t.Fatalf("member's thread: %v", mine)
		}
		if num(mine[0]["comment_date"]) < num(mine[0]["created"]) {
			t.Fatalf("comment_date before the consultation: %v", mine[0])
		}

		// Only staff with the role delete it, with its comments.
		expectErr(t, "member deleting", w.socia.Do("DELETE", fmt.Sprintf("/api/consult/%d?association=%d", nid, w.alfa), nil), 403, "access.denied", "")
		expectErr(t, "Budtender deleting", w.budtender.Do("DELETE", fmt.Sprintf("/api/consult/%d?association=%d", nid, w.alfa), nil), 403, "access.role", "")
		expectOK(t, "delete", w.social.Do("DELETE", fmt.Sprintf("/api/consult/%d?association=%d", nid, w.alfa), nil))
		if got := list(w.socia, w.alfa); len(got) != 0 {
			t.Fatalf("after delete: %v", got)
		}
	})
}

func TestTVSettings(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newSocialWorld(t, k)
		get := func(c *testkit.Client, club int64) *testkit.Response {
			return c.Do("GET", fmt.Sprintf("/api/tv_settings?association=%d", club), nil)
		}
		put := func(c *testkit.Client, club int64, v map[string]any) *testkit.Response {
			v["association"] = club
			return c.Do("PUT", "/api/tv_settings", v)
		}
		// The club theme's defaults until someone saves.
		res := get(w.social, w.alfa)
		expectOK(t, "defaults", res)
		if res.JSON["backgroundcolor"] != "#A463BF" || res.JSON["textcolor"] != "#FFFFFF" || num(res.JSON["interval"]) != 10000 ||
			res.JSON["showItemQr"] != true || res.JSON["showItemSubtitle"] != true || res.JSON["showItemDescription"] != true {
			t.Fatalf("defaults: %s", res)
		}
		valid := func() map[string]any {
			return map[string]any{"backgroundcolor": "#112233", "textcolor": "#fafafa", "interval": 6000, "showItemDescription": false, "showItemSubtitle": true, "showItemQr": false}
		}
		// one refusal shows the reply; the settings' rules are social's (internal/social)
		bad := valid()
		bad["backgroundcolor"] = "red; background:url(x)"
		expectErr(t, "colour that is not #RRGGBB", put(w.social, w.alfa, bad), 400, "tv.color_invalid", "")
		expectErr(t, "Budtender saving", put(w.budtender, w.alfa, valid()), 403, "access.role", "")
		expectErr(t, "member saving", put(w.socia, w.alfa, valid()), 403, "access.denied", "")
		if n := k.Count("tv_settings", "1=1"); n != 0 {
			t.Fatalf("refused settings stored: %d", n)
		}
		tvEvents := k.Count("club_events", "type = 'tv' AND club_id = ?", w.alfa)
		expectOK(t, "save", put(w.social, w.alfa, valid()))
		res = get(w.social, w.alfa)
		if res.JSON["backgroundcolor"] != "#112233" || res.JSON["textcolor"] != "#FAFAFA" || num(res.JSON["interval"]) != 6000 ||
			res.JSON["showItemDescription"] != false || res.JSON["showItemQr"] != false || res.JSON["showItemSubtitle"] != true {
			t.Fatalf("saved: %s", res)
		}
		if k.Count("club_events", "type = 'tv' AND club_id = ?", w.alfa) != tvEvents+1 {
			t.Fatal("saving did not tell the club's open screens")
		}
	})
}

// TestTVProducts: the TV screens show what is on sale now (published, with
// stock or unlimited) and the basic items marked for TV; a product that sells
// out or is unpublished is gone at the next read; another club sees none.
func TestTVProducts(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		k.User("social", w.alfa, access.Social)
		socialC := mustLogin(t, k, "social", testkit.Password)
		gelato := num(w.save(t, w.product("Gelato", "body", `<p>Dulce<script>alert(1)</script></p>`))["pid"])
		expectOK(t, "stock", adjust(w.admin, w.alfa, gelato, 10, "manual", "alta"))
		num(w.save(t, w.product("Sin stock"))["pid"])
		hidden := num(w.save(t, w.product("Oculto", "status", false))["pid"])
		expectOK(t, "stock", adjust(w.admin, w.alfa, hidden, 5, "manual", "alta"))
		w.save(t, w.product("Agua", "type", "unidad", "unlimited_stock", true, "price", 1))
		expectOK(t, "basic on TV", w.admin.Do("POST", "/api/item", map[string]any{"asocid": w.alfa, "listnid": w.flores, "title": "Café", "showintv": true}))
		expectOK(t, "basic off TV", w.admin.Do("POST", "/api/item", map[string]any{"asocid": w.alfa, "listnid": w.flores, "title": "Té", "showintv": false}))

		titles := func(c *testkit.Client, club int64) []string {
			res := c.Do("GET", fmt.Sprintf("/api/tv_products?association=%d", club), nil)
			expectOK(t, "tv products", res)
			var out []string
			for _, p := range objects(t, res.JSON["products"]) {
				out = append(out, p["titulo"].(string))
				if strings.Contains(p["cuerpo"].(string), "<script") {
					t.Fatalf("a TV body keeps a script: %v", p["cuerpo"])
				}
			}
			return out
		}
		if got := strings.Join(titles(socialC, w.alfa), ","); got != "Agua,Café,Gelato" {
			t.Fatalf("on TV: %s", got)
		}
		// Each product shows once, with its price: a basic item named as a product (accents and
		// case folded) is that product, lending the subtitle it lacks; an item named as a product
		// that cannot be sold now is not shown; an item of its own shows without a price. Every
		// entry with a public page carries its link, the grid's link to the detail.
		expectOK(t, "basic Gelato", w.admin.Do("POST", "/api/item", map[string]any{"asocid": w.alfa, "listnid": w.flores, "title": "GELATÓ",
			"subtitle": "Dulce y afrutada", "showintv": true}))
		expectOK(t, "basic Sin stock", w.admin.Do("POST", "/api/item", map[string]any{"asocid": w.alfa, "listnid": w.flores, "title": "Sin stock", "showintv": true}))
		res := socialC.Do("GET", fmt.Sprintf("/api/tv_products?association=%d", w.alfa), nil)
		byTitle := map[string]map[string]any{}
		for _, p := range objects(t, res.JSON["products"]) {
			byTitle[p["titulo"].(string)] = p
		}
		if got := strings.Join(titles(socialC, w.alfa), ","); got != "Agua,Café,Gelato" {
			t.Fatalf("on TV with items named as products: %s", got)
		}
		if g := byTitle["Gelato"]; num(g["pid"]) != gelato || g["precio"] != 9.5 || g["subtitle"] != "Dulce y afrutada" ||
			g["public"] != true || g["public_token"] == "" {
			t.Fatalf("Gelato on TV: %v", g)
		}
		if c := byTitle["Café"]; num(c["precio"]) != 0 || c["public"] != true || c["public_token"] == "" {
			t.Fatalf("an item of its own on TV: %v", c)
		}
		if detail := k.Client().Do("GET", fmt.Sprintf("/api/list_item/retrieve?association=%d&item=%s", w.alfa, byTitle["Gelato"]["public_token"]), nil); detail.Status != 200 ||
			num(detail.JSON["pid"]) != gelato {
			t.Fatalf("the grid's link opens the product: %s", detail)
		}
		// Gelato sells out: it leaves; the hidden one is published: it comes.
		expectOK(t, "sell out", adjust(w.admin, w.alfa, gelato, -10, "manual", "vendido"))
		w.save(t, w.product("Oculto", "pid", hidden, "status", true))
		if got := strings.Join(titles(socialC, w.alfa), ","); got != "Agua,Café,Oculto" {
			t.Fatalf("after a sell-out and a publication: %s", got)
		}
		if got := titles(w.betaAdm, w.beta); len(got) != 0 {
			t.Fatalf("Beta's TV shows Alfa's products: %v", got)
		}
		expectErr(t, "Budtender", w.budtender.Do("GET", fmt.Sprintf("/api/tv_products?association=%d", w.alfa), nil), 403, "access.role", "")
	})
}

// The app download page turns the provider's store addresses into a QR and a link for anyone,
// so only web addresses are offered: a mistyped or hostile setting becomes "not offered".
func TestAppStoreLinks(t *testing.T) {
	k := testkit.NewWith(t, "sqlite", func(c *app.Config) {
		c.AppStoreURL = " https://apps.apple.com/es/app/socius/id123 "
		c.PlayStoreURL = "javascript:alert(1)"
	})
	res := k.Client().Do("GET", "/api/app_config", nil)
	expectOK(t, "app config without a session", res)
	if got := jget(res.JSON, "app_store_url"); got != "https://apps.apple.com/es/app/socius/id123" {
		t.Fatalf("app_store_url = %v", got)
	}
	if got := jget(res.JSON, "play_store_url"); got != "" {
		t.Fatalf("a javascript: address must not be offered, got %v", got)
	}
	k = testkit.New(t, "sqlite")
	res = k.Client().Do("GET", "/api/app_config", nil)
	if jget(res.JSON, "app_store_url") != "" || jget(res.JSON, "play_store_url") != "" {
		t.Fatalf("no store is offered until the provider sets one: %s", res.Body)
	}
}

// The designed club page runs in a sandboxed frame without a session, so the club's logo and page
// pictures are served to anyone, but only while they are the club's: a replaced logo, a removed
// picture or a picture of the club's news stay private.
func TestClubPageImagesArePublic(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newSocialWorld(t, k)
		anon := k.Client()
		public := func(url string) string { return strings.Replace(url, "/api/files/", "/api/public_image/", 1) }
		put := func(body map[string]any) map[string]any {
			res := w.social.Do("PUT", "/api/association/"+itoa(w.alfa), body)
			expectOK(t, "club update", res)
			return res.JSON
		}
		club := put(map[string]any{"logo": dataURL("image/png", smallPNG(t, color.RGBA{164, 99, 191, 255})),
			"images": []string{dataURL("image/png", smallPNG(t, color.RGBA{1, 2, 3, 255})), dataURL("image/png", smallPNG(t, color.RGBA{4, 5, 6, 255}))}})
		logo := jget(club, "logo", "img").(string)
		imgs := club["images"].([]any)
		first, second := imgs[0].(map[string]any)["img"].(string), imgs[1].(map[string]any)["img"].(string)
		for _, u := range []string{logo, first, second} {
			if res := anon.Do("GET", public(u), nil); res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "image/png") {
				t.Fatalf("club picture %s without a session: %d", u, res.Status)
			}
		}
		// replace the logo and drop the first picture: both stop being public
		put(map[string]any{"logo": dataURL("image/png", smallPNG(t, color.RGBA{9, 9, 9, 255})), "images": []string{second}})
		for _, u := range []string{logo, first} {
			expectErr(t, "a club picture no longer shown", anon.Do("GET", public(u), nil), 404, "not_found", "")
		}
		if res := anon.Do("GET", public(second), nil); res.Status != 200 {
			t.Fatalf("the kept picture stays public: %d", res.Status)
		}
		// a news picture of the club is for its members, not for anyone
		news := w.social.Do("POST", "/api/news", map[string]any{"cid": w.alfa, "title": "Cata", "body": "<p>x</p>",
			"images": []string{dataURL("image/png", smallPNG(t, color.RGBA{7, 7, 7, 255}))}})
		expectOK(t, "news", news)
		newsImg := objects(t, news.JSON["images"])[0]["img"].(string)
		expectErr(t, "a news picture without a session", anon.Do("GET", public(newsImg), nil), 404, "not_found", "")
	})
}
