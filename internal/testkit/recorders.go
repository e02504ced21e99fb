package testkit

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// SMS is a message the recording gateway received.
type SMS struct {
	To   string `json:"to"`
	From string `json:"from"`
	Text string `json:"text"`
}

// SMSGateway is a real HTTP SMS gateway on loopback that records what the
// app posts to it (point SOCIUS_SMS_URL at URL).
type SMSGateway struct {
	URL string
	mu  sync.Mutex
	msg []SMS
}

// NewSMSGateway starts a recording gateway, closed when the test ends.
func NewSMSGateway(t testing.TB) *SMSGateway {
	g := &SMSGateway{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m SMS
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &m); err != nil {
			http.Error(w, "bad json", 400)
			return
		}
		g.mu.Lock()
		g.msg = append(g.msg, m)
		g.mu.Unlock()
		w.WriteHeader(200)
	}))
	t.Cleanup(srv.Close)
	g.URL = srv.URL
	return g
}

// Messages returns what the gateway received so far.
func (g *SMSGateway) Messages() []SMS {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]SMS(nil), g.msg...)
}

// Mail is a message the recording SMTP server received.
type Mail struct {
	From string
	To   []string
	Data string
}

// SMTPServer is a real SMTP server on loopback that records every message
// (point SOCIUS_SMTP_HOST/PORT at Host/Port). It speaks just enough SMTP
// for net/smtp: no STARTTLS, no AUTH.
type SMTPServer struct {
	Host string
	Port int
	mu   sync.Mutex
	mail []Mail
}

// NewSMTPServer starts a recording SMTP server, closed when the test ends.
func NewSMTPServer(t testing.TB) *SMTPServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	s := &SMTPServer{Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *SMTPServer) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(c)
	say := func(line string) { _, _ = io.WriteString(c, line+"\r\n") }
	say("220 recorder ESMTP")
	var m Mail
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 recorder")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			m = Mail{From: strings.Trim(strings.TrimSpace(line)[10:], "<> ")}
			say("250 ok")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			m.To = append(m.To, strings.Trim(strings.TrimSpace(line)[8:], "<> "))
			say("250 ok")
		case cmd == "DATA":
			say("354 go on")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if strings.TrimRight(l, "\r\n") == "." {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			m.Data = b.String()
			s.mu.Lock()
			s.mail = append(s.mail, m)
			s.mu.Unlock()
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

// Messages returns the mail received so far.
func (s *SMTPServer) Messages() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.mail...)
}

// WaitMail waits (up to 10 s) until n messages have arrived and returns them.
// Mail leaves the app after the request answers, so tests wait for it.
func (s *SMTPServer) WaitMail(t testing.TB, n int) []Mail {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if m := s.Messages(); len(m) >= n {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("expected %d mail messages, got %d", n, len(s.Messages()))
		}
		time.Sleep(10 * time.Millisecond)
	}
}
