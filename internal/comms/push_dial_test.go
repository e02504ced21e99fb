package comms_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"socius/internal/comms"
	"socius/internal/testkit"
)

// TestWebPushRefusesInternalAddresses: a stored subscription whose endpoint
// resolves to the server's own network is never called, whatever passed the
// check when it was stored.
func TestWebPushRefusesInternalAddresses(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		var hits atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			hits.Add(1)
			w.WriteHeader(http.StatusCreated)
		}))
		defer srv.Close()

		uid := k.User("ana", 0)
		device, err := ecdh.P256().GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		secret := make([]byte, 16)
		_, _ = rand.Read(secret)
		b64 := base64.RawURLEncoding.EncodeToString
		if _, err := k.App.DB.Exec(context.Background(), `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created) VALUES (?,?,?,?,?)`,
			uid, srv.URL+"/push/abc", b64(device.PublicKey().Bytes()), b64(secret), time.Now().Unix()); err != nil {
			t.Fatal(err)
		}
		priv, pub, err := webpush.GenerateVAPIDKeys()
		if err != nil {
			t.Fatal(err)
		}
		wp := comms.WebPush{DB: k.App.DB, PublicKey: pub, PrivateKey: priv, Subject: "mailto:club@example.test"}
		err = wp.Push(context.Background(), uid, "Aviso", "Hola")
		if !errors.Is(err, comms.ErrInternalAddress) {
			t.Fatalf("push to %s: %v, want the internal address refused", srv.URL, err)
		}
		if n := hits.Load(); n != 0 {
			t.Fatalf("the internal endpoint was called %d times", n)
		}
	})
}

// TestPublicClientRefusesInternalAddresses: the refusal happens before the
// connection is made, for every kind of internal address.
func TestPublicClientRefusesInternalAddresses(t *testing.T) {
	c := comms.PublicClient(5 * time.Second)
	for _, u := range []string{
		"http://127.0.0.1:9/", "http://127.9.9.9:9/", "http://10.0.0.1:9/", "http://172.16.0.1:9/", "http://192.168.1.1:9/",
		"http://169.254.169.254/latest/meta-data", "http://0.0.0.0:9/", "http://100.100.100.200:9/", "http://224.0.0.1:9/",
		"http://[::1]:9/", "http://[::ffff:127.0.0.1]:9/", "http://[fe80::1]:9/", "http://[fd00::1]:9/", "http://[::]:9/",
		"http://localhost:9/",
	} {
		res, err := c.Get(u)
		if err == nil {
			res.Body.Close()
			t.Fatalf("%s: connected", u)
		}
		if !errors.Is(err, comms.ErrInternalAddress) {
			t.Fatalf("%s: %v, want the internal address refused", u, err)
		}
	}
}
