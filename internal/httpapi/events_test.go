package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/notify"
	"socius/internal/testkit"
)

// eventStream is GET /api/events held open as a browser's EventSource holds it.
type eventStream struct {
	t      *testing.T
	lines  chan string
	lastID string // the last "id:" the server sent, which a browser sends back as Last-Event-ID
}

// streamEvent is the JSON of one event.
type streamEvent struct {
	Type, Title, Body string
}

// openEvents opens the club's event stream on base (lastID: a reconnecting
// browser's Last-Event-ID) and returns once the server has joined the club.
func openEvents(t *testing.T, c *testkit.Client, base string, club int64, lastID string) *eventStream {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/events?association="+itoa(club), nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		t.Fatalf("events: %d %s", res.StatusCode, b)
	}
	s := &eventStream{t: t, lines: make(chan string, 1024)}
	go func() {
		defer close(s.lines)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	for {
		l, ok := s.line(5 * time.Second)
		if !ok {
			t.Fatal("events: no \": connected\" within 5 s")
		}
		if l == ": connected" {
			return s
		}
	}
}

// line returns the next line within d; false when the stream ended or nothing came.
func (s *eventStream) line(d time.Duration) (string, bool) {
	select {
	case l, ok := <-s.lines:
		if ok && strings.HasPrefix(l, "id:") {
			s.lastID = strings.TrimSpace(strings.TrimPrefix(l, "id:"))
		}
		return l, ok
	case <-time.After(d):
		return "", false
	}
}

// event returns the next event; the test fails when none comes within 3 s.
func (s *eventStream) event(what string) streamEvent {
	s.t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		l, ok := s.line(time.Until(deadline))
		if !ok {
			s.t.Fatalf("%s: no event within 3 s (or the stream ended)", what)
		}
		if data, found := strings.CutPrefix(l, "data:"); found {
			var e streamEvent
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				s.t.Fatal(err)
			}
			return e
		}
	}
}

// until reads events up to and including the one titled title, and returns them.
func (s *eventStream) until(what, title string) []streamEvent {
	s.t.Helper()
	var got []streamEvent
	for {
		e := s.event(what)
		got = append(got, e)
		if e.Title == title {
			return got
		}
	}
}

// closedWithin reads until the server ends the stream; false if it is still
// open after d. It returns the events read meanwhile.
func (s *eventStream) closedWithin(d time.Duration) (bool, []string) {
	deadline := time.Now().Add(d)
	var data []string
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return true, data
			}
			if strings.HasPrefix(l, "id:") {
				s.lastID = strings.TrimSpace(strings.TrimPrefix(l, "id:"))
			}
			if strings.HasPrefix(l, "data:") {
				data = append(data, l)
			}
		case <-time.After(time.Until(deadline)):
			return false, data
		}
	}
}

// pushToClub publishes a message every staff member of the club may read, as
// the command line's `admin notify` does.
func pushToClub(t *testing.T, k *testkit.Kit, club int64, title string) {
	t.Helper()
	if _, err := k.App.Hub.Publish(context.Background(), notify.Event{ClubID: club, Gate: "club", Type: "push", Title: title}); err != nil {
		t.Fatal(err)
	}
}

func titles(list []streamEvent) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = e.Type + " " + e.Title + ": " + e.Body
	}
	return out
}

// A consultation is read by the roles of /api/consult/retrieve; the TV settings by those of
// /api/tv_settings. Their live events reach those roles' streams and no other: Inventario, who
// reads no consultation, gets neither the question nor the answer nor the TV's signal.
func TestEventsRevealOnlyWhatTheReaderMayRead(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa", access.Socios, access.Comunicacion)
		k.User("gerente", alfa, access.Manager)
		k.User("social", alfa, access.Social)
		k.User("almacen", alfa, access.Inventario)
		socia := k.User("socia", 0)
		exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created, nombre, surname) VALUES (?, ?, 501, 0, 1, 0, 'Irene', 'Lectora')`, alfa, socia)
		manager := mustLogin(t, k, "gerente", testkit.Password)
		social := mustLogin(t, k, "social", testkit.Password)
		inventory := mustLogin(t, k, "almacen", testkit.Password)
		member := mustLogin(t, k, "socia", testkit.Password)

		streams := map[string]*eventStream{
			access.Manager:    openEvents(t, manager, k.Server.URL, alfa, ""),
			access.Social:     openEvents(t, social, k.Server.URL, alfa, ""),
			access.Inventario: openEvents(t, inventory, k.Server.URL, alfa, ""),
		}
		const question = "¿Puedo combinar aceite de CBD con mis antidepresivos?"
		res := member.Do("POST", "/api/consult/create", map[string]any{"association": alfa, "title": "Aceite de CBD", "body": question})
		expectOK(t, "ask", res)
		expectOK(t, "answer", social.Do("POST", "/api/consult/create", map[string]any{"association": alfa, "nid": num(res.JSON["nid"]), "body": "Pregunta a tu médico"}))
		expectOK(t, "TV settings", social.Do("PUT", "/api/tv_settings", map[string]any{"association": alfa, "backgroundcolor": "#112233",
			"textcolor": "#fafafa", "interval": 6000, "showItemDescription": false, "showItemSubtitle": true, "showItemQr": false}))
		pushToClub(t, k, alfa, "Aviso para todo el personal")

		// Events arrive in the order they were published: the push to all staff comes last.
		for _, role := range []string{access.Manager, access.Social} {
			got := titles(streams[role].until(role, "Aviso para todo el personal"))
			if len(got) != 4 || got[0] != "comentario Aceite de CBD: Irene Lectora: "+question ||
				!strings.HasPrefix(got[1], "comentario Aceite de CBD: ") || !strings.HasSuffix(got[1], ": Pregunta a tu médico") || !strings.HasPrefix(got[2], "tv ") {
				t.Fatalf("%s, who reads consultations and the TV settings, got %q", role, got)
			}
		}
		if got := listBody(t, inventory.Do("GET", "/api/consult/retrieve?association="+itoa(alfa), nil)); len(got) != 0 {
			t.Fatalf("Inventario reads consultations: %v", got)
		}
		if got := titles(streams[access.Inventario].until(access.Inventario, "Aviso para todo el personal")); len(got) != 1 {
			t.Fatalf("Inventario's stream received %d events it may not read: %q", len(got)-1, got[:len(got)-1])
		}
	})
}

// A stream ends as soon as its reader may no longer read: the session logged out, the staff
// record deactivated. A role taken away stops that role's events. The re-check interval is an
// hour here, so only the change's own signal can end the stream in time.
func TestEventStreamEndsWithItsReader(t *testing.T) {
	testkit.EachWith(t, func(c *app.Config) { c.Stream.Recheck = time.Hour }, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa", access.Socios, access.Comunicacion)
		k.User("admin", alfa, access.Administrador)
		k.User("ana", alfa, access.Social)
		rita := k.User("rita", alfa, access.Recepcion)
		lola := k.User("lola", alfa, access.Social)
		socia := k.User("socia", 0)
		exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, 501, 0, 1, 0)`, alfa, socia)
		for i, uid := range []int64{rita, lola} { // what an Administrador's save of a staff record requires
			exec(t, k, `UPDATE members SET surname = 'Ruiz', dni = ? WHERE club_id = ? AND user_id = ?`, fmt.Sprintf("3000000%dA", i), alfa, uid)
		}
		admin := mustLogin(t, k, "admin", testkit.Password)
		member := mustLogin(t, k, "socia", testkit.Password)

		t.Run("logout", func(t *testing.T) {
			ana := mustLogin(t, k, "ana", testkit.Password)
			s := openEvents(t, ana, k.Server.URL, alfa, "")
			expectOK(t, "logout", ana.Do("POST", "/api/user/logout", nil))
			pushToClub(t, k, alfa, "Tras la salida")
			if closed, got := s.closedWithin(2 * time.Second); !closed {
				t.Fatalf("the stream of a logged-out session is open 2 s later and received %q", got)
			}
		})
		t.Run("staff record deactivated", func(t *testing.T) {
			c := mustLogin(t, k, "rita", testkit.Password)
			s := openEvents(t, c, k.Server.URL, alfa, "")
			expectOK(t, "deactivate", edit(admin, alfa, staffRecord(t, admin, alfa, rita), map[string]any{"status_member": 0}))
			pushToClub(t, k, alfa, "Tras la baja")
			if closed, got := s.closedWithin(2 * time.Second); !closed {
				t.Fatalf("the stream of a deactivated staff record is open 2 s later and received %q", got)
			}
		})
		t.Run("role taken away", func(t *testing.T) {
			c := mustLogin(t, k, "lola", testkit.Password)
			s := openEvents(t, c, k.Server.URL, alfa, "")
			expectOK(t, "move to Inventario", edit(admin, alfa, staffRecord(t, admin, alfa, lola), map[string]any{"memcard_roles": []string{access.Inventario}}))
			expectOK(t, "ask", member.Do("POST", "/api/consult/create", map[string]any{"association": alfa, "title": "Horario", "body": "¿Abrís el domingo?"}))
			pushToClub(t, k, alfa, "Tras el cambio")
			if got := titles(s.until("moved staff", "Tras el cambio")); len(got) != 1 {
				t.Fatalf("staff moved from Social to Inventario received %q", got[:len(got)-1])
			}
		})
	})
}

// Changes made behind the API's back (another tool, an expiry) are found by the stream's own
// re-check, here every 100 ms.
func TestEventStreamRechecksItsReader(t *testing.T) {
	testkit.EachWith(t, func(c *app.Config) { c.Stream.Recheck = 100 * time.Millisecond }, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa", access.Comunicacion)
		k.User("ana", alfa, access.Social)
		rita := k.User("rita", alfa, access.Social)
		lola := k.User("lola", alfa, access.Social)

		ana := mustLogin(t, k, "ana", testkit.Password)
		s := openEvents(t, ana, k.Server.URL, alfa, "")
		exec(t, k, `DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'ana')`)
		if closed, got := s.closedWithin(2 * time.Second); !closed {
			t.Fatalf("the stream of an ended session is open 2 s later and received %q", got)
		}

		s = openEvents(t, mustLogin(t, k, "rita", testkit.Password), k.Server.URL, alfa, "")
		exec(t, k, `UPDATE members SET status = 0 WHERE club_id = ? AND user_id = ?`, alfa, rita)
		if closed, got := s.closedWithin(2 * time.Second); !closed {
			t.Fatalf("the stream of an inactive staff record is open 2 s later and received %q", got)
		}

		s = openEvents(t, mustLogin(t, k, "lola", testkit.Password), k.Server.URL, alfa, "")
		exec(t, k, `DELETE FROM member_roles WHERE member_id = (SELECT id FROM members WHERE club_id = ? AND user_id = ?)`, alfa, lola)
		time.Sleep(500 * time.Millisecond) // five re-checks
		if _, err := k.App.Hub.Publish(context.Background(), notify.Event{ClubID: alfa, Gate: "consults", Type: "comentario", Title: "Horario", Body: "Irene: ¿Abrís el domingo?"}); err != nil {
			t.Fatal(err)
		}
		pushToClub(t, k, alfa, "Tras el cambio")
		if got := titles(s.until("staff without roles", "Tras el cambio")); len(got) != 1 {
			t.Fatalf("staff without a role received %q", got[:len(got)-1])
		}
	})
}

// A stream ends at its lifetime, so the browser reconnects through the gate; it comes back with
// the last event id it was sent and gets what was published while it was away.
func TestEventStreamLifetime(t *testing.T) {
	testkit.EachWith(t, func(c *app.Config) { c.Stream.Lifetime = 700 * time.Millisecond }, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa", access.Comunicacion)
		k.User("ana", alfa, access.Social)
		c := mustLogin(t, k, "ana", testkit.Password)
		s := openEvents(t, c, k.Server.URL, alfa, "")
		pushToClub(t, k, alfa, "Antes del corte")
		if e := s.event("before the end"); e.Title != "Antes del corte" {
			t.Fatalf("event: %+v", e)
		}
		if closed, _ := s.closedWithin(3 * time.Second); !closed {
			t.Fatal("a stream with a lifetime of 0.7 s is open 3 s later")
		}
		pushToClub(t, k, alfa, "Mientras reconectaba")
		if s.lastID == "" {
			t.Fatal("the stream sent no event id to come back with")
		}
		again := openEvents(t, c, k.Server.URL, alfa, s.lastID)
		if e := again.event("after reconnecting"); e.Title != "Mientras reconectaba" {
			t.Fatalf("after reconnecting: %+v", e)
		}
	})
}

// smallBuffers makes the server's socket buffers those of a real network path: over loopback
// the kernel would take a whole large answer into its buffers and the writer would never wait.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(16 << 10)
	}
	return c, err
}

// serveWithLimits serves the kit's app with the production server (App.HTTPServer) and its
// time limits, and returns its base URL.
func serveWithLimits(t *testing.T, k *testkit.Kit) string {
	t.Helper()
	srv := k.App.HTTPServer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(smallBuffers{ln}) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String()
}

// A client that asks for a large answer and never reads it is disconnected once the write
// timeout has passed, instead of holding the connection.
func TestSlowReaderIsDisconnected(t *testing.T) {
	const timeout = 500 * time.Millisecond
	testkit.EachWith(t, func(c *app.Config) { c.WriteTimeout = timeout }, func(t *testing.T, k *testkit.Kit) {
		base := serveWithLimits(t, k)
		// Read once without limits: huma keeps the description it wrote, so the slow request below is answered at once.
		res, err := http.Get(k.Server.URL + "/api/openapi.json")
		if err != nil {
			t.Fatal(err)
		}
		full, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if len(full) < 200<<10 {
			t.Fatalf("the API description is %d bytes: too small to fill the buffers", len(full))
		}

		// A small receive window, set before connecting so the handshake announces it.
		d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
			return rc.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4<<10) })
		}}
		conn, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := io.WriteString(conn, "GET /api/openapi.json HTTP/1.1\r\nHost: socius\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(4 * timeout) // the client reads nothing
		_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		n, err := io.Copy(io.Discard, conn)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() || errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("the connection is open %v after the request (write timeout %v): read then, it gave %d bytes (an answer of %d) and stayed open",
				4*timeout, timeout, n, len(full))
		}
		t.Logf("a client that did not read for %v got %d bytes of %d, then the end of the connection", 4*timeout, n, len(full))
		if n == 0 || n >= int64(len(full)) {
			t.Fatalf("want the beginning of the answer and then its end cut, got %d bytes of %d", n, len(full))
		}
	})
}

// The event stream is not an ordinary answer: it outlives the write timeout, extending its own
// deadline at each write, while its keep-alives and events keep coming.
func TestEventStreamOutlivesTheWriteTimeout(t *testing.T) {
	const timeout = 500 * time.Millisecond
	testkit.EachWith(t, func(c *app.Config) {
		c.WriteTimeout = timeout
		c.Stream.KeepAlive = 100 * time.Millisecond
	}, func(t *testing.T, k *testkit.Kit) {
		base := serveWithLimits(t, k)
		alfa := k.Club("Alfa", access.Comunicacion)
		k.User("ana", alfa, access.Social)
		s := openEvents(t, mustLogin(t, k, "ana", testkit.Password), base, alfa, "")
		start := time.Now()
		keepAlives := 0
		for time.Since(start) < 4*timeout {
			l, ok := s.line(time.Second)
			if !ok {
				t.Fatalf("the stream ended %v after it opened (write timeout %v) after %d keep-alives", time.Since(start).Round(10*time.Millisecond), timeout, keepAlives)
			}
			if l == ": keep-alive" {
				keepAlives++
			}
		}
		pushToClub(t, k, alfa, "Tras el plazo")
		if e := s.event("after the write timeout"); e.Title != "Tras el plazo" {
			t.Fatalf("event: %+v", e)
		}
		if keepAlives < 10 {
			t.Fatalf("%d keep-alives in %v", keepAlives, 4*timeout)
		}
	})
}
