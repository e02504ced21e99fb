package httpapi

import (
	"context"
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
	err := s.Comms.Subscribe(ctx, info(ctx).User.ID, in.Body.Endpoint, in.Body.Keys.P256dh, in.Body.Keys.Auth)
	return &okOutput{}, err
}
