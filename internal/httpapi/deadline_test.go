package httpapi

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestBodyDeadline: huma reads a body within the operation's timeout, and the
// deadline it sets on the connection must not outlive the read. Left there, it
// ends net/http's background read with a timeout, which cancels the request's
// context mid-handler (golang/go#70834): a handler slower than the body timeout
// would fail. net/http clears the deadline when it starts that read at the end
// of a body, but not when the read started first: a request without a body
// (here, to a route whose body is optional) starts it before huma sets its
// deadline, as the club gate's early read of the body once did. A body sent
// slower than the timeout is still refused.
func TestBodyDeadline(t *testing.T) {
	const timeout = 150 * time.Millisecond
	s := New(Config{}, Services{})
	type in struct {
		Body *struct {
			Name string `json:"name"`
		}
	}
	type out struct {
		Body struct {
			Name string `json:"name"`
		}
	}
	o := op("POST", "/api/test/slow", "testSlow", "A save slower than the body timeout")
	o.BodyReadTimeout = timeout
	register(s, o, Public(), func(ctx context.Context, i *in) (*out, error) {
		select {
		case <-time.After(3 * timeout):
		case <-ctx.Done():
			return nil, fmt.Errorf("cancelled mid-handler: %w", context.Cause(ctx))
		}
		res := &out{}
		if i.Body != nil {
			res.Body.Name = i.Body.Name
		}
		return res, nil
	})
	srv := httptest.NewServer(s)
	defer srv.Close()

	// send writes a request's head and body on a connection of its own, the body
	// in two halves with pause between them when pause is set, and returns the
	// status and the error code.
	send := func(body string, pause time.Duration) (int, string) {
		t.Helper()
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(c, "POST /api/test/slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"+
			"Cookie: %s=tok\r\nX-CSRF-Token: tok\r\n\r\n", len(body), csrfCookie)
		if pause > 0 {
			half := len(body) / 2
			_, _ = c.Write([]byte(body[:half]))
			time.Sleep(pause)
			body = body[half:]
		}
		_, _ = c.Write([]byte(body)) // may fail once the server has given up
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var e APIError
		_ = json.NewDecoder(res.Body).Decode(&e)
		return res.StatusCode, e.Code
	}

	body := `{"name":"Eva"}`
	if got, _ := send(body, 0); got != http.StatusOK {
		t.Fatalf("a handler slower than the body timeout: want 200, got %d", got)
	}
	if got, _ := send("", 0); got != http.StatusOK {
		t.Fatalf("a handler slower than the body timeout, no body: want 200, got %d", got)
	}
	if got, code := send(body, 3*timeout); got != http.StatusRequestTimeout || code != "request.invalid" {
		t.Fatalf("a body sent slower than the timeout: want 408 request.invalid, got %d %s", got, code)
	}
}
