package comms_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/comms"
	"socius/internal/testkit"
)

// gateway is a fake SMS gateway answering with status and recording what it got.
type gateway struct {
	mu     sync.Mutex
	status int
	got    []map[string]string
	auth   []string
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var m map[string]string
	_ = json.Unmarshal(b, &m)
	g.mu.Lock()
	g.got = append(g.got, m)
	g.auth = append(g.auth, r.Header.Get("Authorization"))
	status := g.status
	g.mu.Unlock()
	w.WriteHeader(status)
	_, _ = w.Write([]byte(`{"error":"cuota agotada"}`))
}

// stored is the stored row of a message.
func stored(t *testing.T, k *testkit.Kit, id int64) (state, recipient, body, errText string) {
	t.Helper()
	var row struct {
		State     string `db:"state"`
		Recipient string `db:"recipient"`
		Body      string `db:"body"`
		Error     string `db:"error"`
	}
	if err := k.App.DB.Get(context.Background(), &row, `SELECT state, recipient, body, error FROM messages WHERE id = ?`, id); err != nil {
		t.Fatalf("message %d: %v", id, err)
	}
	return row.State, row.Recipient, row.Body, row.Error
}

func TestSMSThroughGateway(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		club := k.Club("Alfa", access.Socios)
		staff := k.User("ana", club, access.Administrador)
		g := &gateway{status: http.StatusAccepted}
		srv := httptest.NewServer(g)
		defer srv.Close()
		svc := comms.New(k.App.DB, comms.HTTPSMS{URL: srv.URL, Token: "tok-123", From: "ClubAlfa",
			Client: &http.Client{Timeout: 5 * time.Second}}, nil)
		if sms, push := svc.Configured(); !sms || push {
			t.Fatalf("Configured: sms %v push %v", sms, push)
		}
		to := comms.Recipient{MemberID: 7, UserID: 9, Phone: "+34600111222"}

		t.Run("accepted is sent", func(t *testing.T) {
			msg, err := svc.SMS(ctx, club, staff, to, "Hola, únete a la app")
			if err != nil {
				t.Fatal(err)
			}
			if msg.State != comms.StateSent || msg.Error != "" {
				t.Fatalf("reply: %+v", msg)
			}
			state, recipient, body, _ := stored(t, k, msg.ID)
			if state != comms.StateSent || recipient != "+34600111222" || body != "Hola, únete a la app" {
				t.Fatalf("stored: %s %s %s", state, recipient, body)
			}
			g.mu.Lock()
			defer g.mu.Unlock()
			want := map[string]string{"to": "+34600111222", "from": "ClubAlfa", "text": "Hola, únete a la app"}
			if len(g.got) != 1 || len(g.got[0]) != 3 || g.got[0]["to"] != want["to"] || g.got[0]["from"] != want["from"] || g.got[0]["text"] != want["text"] {
				t.Fatalf("gateway got %v, want %v", g.got, want)
			}
			if g.auth[0] != "Bearer tok-123" {
				t.Fatalf("Authorization %q", g.auth[0])
			}
		})

		t.Run("a 500 is failed, never sent", func(t *testing.T) {
			g.mu.Lock()
			g.status = http.StatusInternalServerError
			g.mu.Unlock()
			msg, err := svc.SMS(ctx, club, staff, to, "Otro intento")
			if err != nil {
				t.Fatal(err)
			}
			state, _, _, errText := stored(t, k, msg.ID)
			if msg.State != comms.StateFailed || state != comms.StateFailed {
				t.Fatalf("reply %q stored %q, want failed", msg.State, state)
			}
			if errText == "" || msg.Error != errText {
				t.Fatalf("the gateway's refusal is not kept: reply %q stored %q", msg.Error, errText)
			}
		})

		t.Run("an unreachable gateway is failed", func(t *testing.T) {
			dead := httptest.NewServer(http.NotFoundHandler())
			url := dead.URL
			dead.Close()
			svc := comms.New(k.App.DB, comms.HTTPSMS{URL: url}, nil)
			msg, err := svc.SMS(ctx, club, staff, to, "Nadie escucha")
			if err != nil {
				t.Fatal(err)
			}
			if state, _, _, _ := stored(t, k, msg.ID); state != comms.StateFailed {
				t.Fatalf("stored state %q, want failed", state)
			}
		})

		t.Run("without a gateway it is stored as not sent", func(t *testing.T) {
			svc := comms.New(k.App.DB, nil, nil)
			msg, err := svc.SMS(ctx, club, staff, to, "Sin proveedor")
			if err != nil {
				t.Fatal(err)
			}
			if state, _, _, _ := stored(t, k, msg.ID); state != comms.StateNotSent || msg.State != comms.StateNotSent {
				t.Fatalf("stored %q reply %q, want not_sent", state, msg.State)
			}
		})
		if n := k.Count("messages", "club_id = ? AND channel = ? AND staff_user_id = ?", club, comms.ChannelSMS, staff); n != 4 {
			t.Fatalf("messages rows: want 4, got %d", n)
		}
	})
}

// fakePush answers per user: nil (delivered), ErrNoDevice or another error.
type fakePush map[int64]error

func (f fakePush) Push(_ context.Context, uid int64, _, _ string) error { return f[uid] }

func TestPushStates(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		club := k.Club("Alfa", access.Comunicacion)
		staff := k.User("ana", club, access.Administrador)
		to := []comms.Recipient{{MemberID: 1, UserID: 11}, {MemberID: 2, UserID: 12}, {MemberID: 3, UserID: 13}}

		svc := comms.New(k.App.DB, nil, fakePush{11: nil, 12: comms.ErrNoDevice, 13: errors.New("push service answered 500")})
		msgs, err := svc.Push(ctx, club, staff, "Alfa", "Abrimos a las 18h", to)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{comms.StateSent, comms.StateNotSent, comms.StateFailed}
		if len(msgs) != 3 {
			t.Fatalf("messages: %+v", msgs)
		}
		for i, m := range msgs {
			state, recipient, body, _ := stored(t, k, m.ID)
			if m.State != want[i] || state != want[i] || body != "Abrimos a las 18h" {
				t.Errorf("user %d: reply %q stored %q, want %q", to[i].UserID, m.State, state, want[i])
			}
			if recipient != "user:"+[]string{"11", "12", "13"}[i] {
				t.Errorf("recipient %q", recipient)
			}
		}

		none := comms.New(k.App.DB, nil, nil)
		msgs, err = none.Push(ctx, club, staff, "Alfa", "Sin proveedor", to[:1])
		if err != nil || len(msgs) != 1 || msgs[0].State != comms.StateNotSent {
			t.Fatalf("push without provider: %+v %v", msgs, err)
		}
		if n := k.Count("messages", "club_id = ? AND state = ?", club, comms.StateSent); n != 1 {
			t.Fatalf("sent rows: want 1, got %d", n)
		}
	})
}
