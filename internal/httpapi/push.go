package httpapi

import (
	"context"
	"net/netip"
	"net/url"
	"strings"
)

// Web Push subscriptions: the members' app registers each device of the
// logged-in user here, with the public key it gets from push_public_key.

type pushKeyOutput struct {
	Body struct {
		Key string `json:"key" doc:"VAPID public key; empty when Web Push is not configured"`
	}
}

func (s *Server) pushPublicKey(_ context.Context, _ *struct{}) (*pushKeyOutput, error) {
	out := &pushKeyOutput{}
	out.Body.Key = s.cfg.VAPIDPublic
	return out, nil
}

type pushSubscriptionInput struct {
	Body struct {
		Endpoint string `json:"endpoint" minLength:"1" maxLength:"2000"`
		Keys     struct {
			P256dh string `json:"p256dh" minLength:"1" maxLength:"200"`
			Auth   string `json:"auth" minLength:"1" maxLength:"100"`
		} `json:"keys"`
	}
}

// pushSubscribe stores (or moves to this user) a device's subscription.
func (s *Server) pushSubscribe(ctx context.Context, in *pushSubscriptionInput) (*okOutput, error) {
	u, err := url.Parse(in.Body.Endpoint)
	if err != nil || u.Scheme != "https" || !publicHost(u.Hostname()) {
		return nil, Fail(400, "push.endpoint_invalid", "La dirección de la suscripción no es válida")
	}
	err = s.Comms.Subscribe(ctx, info(ctx).User.ID, in.Body.Endpoint, in.Body.Keys.P256dh, in.Body.Keys.Auth)
	return &okOutput{}, err
}

// publicHost tells whether a push endpoint's host is a public name. Push
// services are reached by name; an IP literal, localhost or a name of one
// label can only point into the server's own network, which the server would
// then call. (Names resolving to internal addresses are refused when sending.)
func publicHost(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "" || strings.ContainsAny(host, ":%[]") {
		return false
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return false
	}
	labels := strings.Split(host, ".")
	last := labels[len(labels)-1]
	if len(labels) < 2 || last == "localhost" || last == "local" || last == "internal" {
		return false
	}
	return strings.Trim(last, "0123456789") != "" // a numeric last label is an address in disguise
}
