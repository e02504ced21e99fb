package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"socius/internal/db"
	"socius/internal/notify"
	"socius/internal/testkit"
)

// terminate sends SIGTERM and waits for the process to end: nil when it
// exited 0 within the grace period and a little more.
func (s *server) terminate() error {
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(40 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
		return errors.New("still running 40 s after SIGTERM")
	}
}

// stream is a live event stream a test reads line by line.
type stream struct {
	lines chan string
	body  io.Closer
}

func openStream(t *testing.T, c *counter, base string, club int64, lastID string) *stream {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/events?association="+itoa(club), nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	// the counter's cookies, without its client's one-minute limit
	res, err := (&http.Client{Jar: c.http.Jar}).Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("event stream: %v %v", res, err)
	}
	s := &stream{lines: make(chan string, 256), body: res.Body}
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() { res.Body.Close() })
	s.until(t, ": connected")
	return s
}

// until reads the stream up to a line starting with prefix and returns it
// with the lines before it; it fails the test when the stream ends first.
func (s *stream) until(t *testing.T, prefix string) (string, []string) {
	t.Helper()
	var before []string
	timeout := time.After(time.Minute)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				t.Fatalf("the stream ended before %q: %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			t.Fatalf("no %q on the stream within a minute: %q", prefix, before)
		}
	}
}

// ended waits for the stream to end and returns its last lines.
func (s *stream) ended(t *testing.T) []string {
	t.Helper()
	var rest []string
	timeout := time.After(time.Minute)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return rest
			}
			rest = append(rest, l)
		case <-timeout:
			t.Fatalf("the stream did not end: %q", rest)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// endedWithin reports whether the stream ends within d, with its last lines.
func (s *stream) endedWithin(d time.Duration) ([]string, bool) {
	var rest []string
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return rest, true
			}
			rest = append(rest, l)
		case <-timeout:
			return rest, false
		}
	}
}

// runCounters sets the counters selling until stop is closed; acked gets a
// value per acknowledged call.
func runCounters(counters []*counter, club int64) (acked chan struct{}, stop chan struct{}, wait func()) {
	var wg sync.WaitGroup
	acked, stop = make(chan struct{}, 1000), make(chan struct{})
	for _, c := range counters {
		wg.Go(func() { c.work(club, acked, stop) })
	}
	return acked, stop, wg.Wait
}

func waitAcks(t *testing.T, acked <-chan struct{}, n int, logs func() string) {
	t.Helper()
	for range n {
		select {
		case <-acked:
		case <-time.After(2 * time.Minute):
			t.Fatalf("the counters stopped answering\n%s", logs())
		}
	}
}

// TestSIGTERMDuringPays stops the server with SIGTERM while three counters
// pay, refund, top up and move stock and cash. The process exits 0; every
// call is either answered and written, or refused before it started (its
// connection was never served) and not written at all: no call is half done,
// none is lost after its answer. The live event stream is told to reconnect.
func TestSIGTERMDuringPays(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and stops the server")
	}
	for _, engine := range testkit.Engines() {
		t.Run(engine, func(t *testing.T) {
			ctx := context.Background()
			srv, counters, club, dsn := counterDay(t, engine)
			for round := range 2 {
				events := openStream(t, counters[0], srv.base, club, "")
				acked, stop, wait := runCounters(counters, club)
				waitAcks(t, acked, 10+round*7, srv.logs.String)
				if err := srv.terminate(); err != nil {
					t.Fatalf("round %d: %v\n%s", round, err, srv.logs)
				}
				close(stop)
				wait()
				for _, c := range counters {
					if c.refused != nil {
						t.Fatalf("round %d: %v", round, c.refused)
					}
					// a call cut off by the shutdown never started: strictly not written
					if c.inFlight != "" {
						t.Logf("round %d: %s refused before it started", round, c.inFlight)
					}
					c.inFlight = ""
				}
				if rest := events.ended(t); !slices.Contains(rest, "retry: 1000") {
					t.Fatalf("round %d: the stream was not told to reconnect: %q", round, rest)
				}
				for _, line := range []string{"shutting down", "stopped"} {
					if !strings.Contains(srv.logs.String(), line) {
						t.Fatalf("round %d: the log does not say %q:\n%s", round, line, srv.logs)
					}
				}
				d, err := db.Open(dsn)
				if err != nil {
					t.Fatal(err)
				}
				checkAfterCrash(t, ctx, d, club, counters, round)
				d.Close()
				srv.start()
			}
		})
	}
}

// balancer alternates requests between instances, as a load balancer does,
// and sends a request an instance did not take (its connection refused or
// reset: the instance is stopping or stopped) to the next one.
type balancer struct {
	backends []*server
	next     atomic.Int64
	client   *http.Client
	retried  atomic.Int64
}

func newBalancer(backends ...*server) *balancer {
	return &balancer{backends: backends, client: &http.Client{
		// a connection per request: an instance that stops closes none in the middle of one
		Transport:     &http.Transport{DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	first := int(b.next.Add(1))
	var last error
	for i := range len(b.backends) {
		be := b.backends[(first+i)%len(b.backends)]
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, be.base+r.URL.RequestURI(), bytes.NewReader(body))
		req.Header = r.Header.Clone()
		res, err := b.client.Do(req)
		if err != nil {
			last = err
			b.retried.Add(1)
			continue
		}
		defer res.Body.Close()
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		// stream the answer as it comes (the live events)
		buf := make([]byte, 4096)
		for {
			n, err := res.Body.Read(buf)
			if n > 0 {
				_, _ = w.Write(buf[:n])
				w.(http.Flusher).Flush()
			}
			if err != nil {
				return
			}
		}
	}
	http.Error(w, "no instance took the request: "+last.Error(), http.StatusBadGateway)
}

// TestRollingRestartOnPostgres runs two instances over one PostgreSQL behind
// a balancer that alternates between them, and restarts them one at a time
// (SIGTERM, start again) while three counters sell through the balancer. No
// call fails, no acknowledged write is lost or made twice, the sessions work
// on either instance, and the live event stream reconnects to the other
// instance and still gets the club's events.
func TestRollingRestartOnPostgres(t *testing.T) {
	if testing.Short() || os.Getenv("SOCIUS_TEST_POSTGRES_URL") == "" {
		t.Skip("two instances over PostgreSQL")
	}
	ctx := context.Background()
	a, counters, club, dsn := counterDay(t, "postgres")
	b := &server{t: t, args: slices.Clone(a.args)}
	addr := freeAddr(t)
	if a.args[0] != "--addr" {
		t.Fatalf("the first server's arguments: %q", a.args)
	}
	b.args[1], b.base = addr, "http://"+addr
	b.start()
	t.Cleanup(b.stop)
	lb := newBalancer(a, b)
	front := httptest.NewServer(lb)
	t.Cleanup(front.Close)
	for _, c := range counters {
		c.base = front.URL
	}
	d, err := db.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()

	events := openStream(t, counters[0], front.URL, club, "")
	acked, stop, wait := runCounters(counters, club)
	logs := func() string { return a.logs.String() + b.logs.String() }
	reconnected := 0
	for i, s := range []*server{a, b, a, b} {
		waitAcks(t, acked, 10, logs)
		if err := s.terminate(); err != nil {
			t.Fatalf("restart %d: %v\n%s", i, err, s.logs)
		}
		waitAcks(t, acked, 10, logs) // the counters sell through the other instance
		s.start()
		// the stream was on one of the two: when its instance stopped it was told to reconnect,
		// and reconnecting (as the browser does) lands on the other, which has the club's events
		if rest, ended := events.endedWithin(3 * time.Second); ended {
			if !slices.Contains(rest, "retry: 1000") {
				t.Fatalf("restart %d: the stream ended without being told to reconnect: %q", i, rest)
			}
			reconnected++
			events = openStream(t, counters[0], front.URL, club, "")
			id, err := notify.Publish(ctx, d, notify.Event{ClubID: club, Gate: "club", Type: "push", Title: "restart " + itoa(int64(i))})
			if err != nil {
				t.Fatal(err)
			}
			events.until(t, "id: "+itoa(id))
		}
	}
	if reconnected < 2 {
		t.Fatalf("the stream reconnected %d times over four restarts of its two instances", reconnected)
	}
	waitAcks(t, acked, 10, logs)
	close(stop)
	wait()
	for _, c := range counters {
		if c.refused != nil || c.inFlight != "" {
			t.Fatalf("a call failed during the rolling restart (%s in flight): %v", c.inFlight, c.refused)
		}
	}
	checkAfterCrash(t, ctx, d, club, counters, 0)
	t.Logf("%d requests sent on after an instance did not take them", lb.retried.Load())
}
