package httpapi

import (
	"context"

	"socius/internal/member"
)

// A club asks to link one of its member records to a person's existing
// account; the request is mailed to the e-mail already on the account, and
// only the holder of that mail (the token) can answer it. Until then the club
// sees nothing of the account.

type accountLinkInput struct {
	Token string `query:"token" required:"true" minLength:"1" maxLength:"200"`
}

type accountLinkOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         member.LinkInfo
}

func (s *Server) accountLink(ctx context.Context, in *accountLinkInput) (*accountLinkOutput, error) {
	li, err := s.Members.LinkByToken(ctx, in.Token)
	if err != nil {
		return nil, err
	}
	return &accountLinkOutput{CacheControl: "no-store", Body: *li}, nil
}

type accountLinkAnswerInput struct {
	Body struct {
		Token  string `json:"token" minLength:"1" maxLength:"200"`
		Accept bool   `json:"accept" doc:"true links the member record to the account; false declines"`
	}
}

type accountLinkAnswerOutput struct {
	Body struct {
		Message string `json:"message"`
		member.LinkInfo
	}
}

func (s *Server) accountLinkAnswer(ctx context.Context, in *accountLinkAnswerInput) (*accountLinkAnswerOutput, error) {
	li, err := s.Members.AnswerLink(ctx, in.Body.Token, in.Body.Accept)
	if err != nil {
		return nil, err
	}
	out := &accountLinkAnswerOutput{}
	out.Body.LinkInfo = *li
	out.Body.Message = tr(ctx, "Has rechazado la petición: el club no ve tu cuenta")
	if in.Body.Accept {
		out.Body.Message = tr(ctx, "Tu cuenta está vinculada a tu ficha de socio del club")
	}
	return out, nil
}
