package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"socius/internal/auth"
	"socius/internal/locale"
	"socius/internal/novelty"
)

type textOutput struct {
	ContentType  string        `header:"Content-Type"`
	CacheControl string        `header:"Cache-Control"`
	SetCookie    []http.Cookie `header:"Set-Cookie"`
	Body         []byte
}

// sessionToken returns the CSRF token: the session's when logged in, else a
// fresh anonymous one bound to a cookie (double submit).
func (s *Server) sessionToken(ctx context.Context, _ *struct{}) (*textOutput, error) {
	ri := info(ctx)
	out := &textOutput{ContentType: "text/plain; charset=utf-8", CacheControl: "no-store"}
	if ri.Session != nil {
		out.Body = []byte(ri.Session.CSRF)
		return out, nil
	}
	tok := ""
	if c, err := ri.r.Cookie(csrfCookie); err == nil && len(c.Value) >= 20 {
		tok = c.Value
	} else {
		tok = auth.RandomToken(24)
	}
	out.SetCookie = []http.Cookie{{Name: csrfCookie, Value: tok, Path: "/", HttpOnly: true, Secure: ri.Secure, SameSite: http.SameSiteLaxMode}}
	out.Body = []byte(tok)
	return out, nil
}

type loginInput struct {
	Body struct {
		Username string `json:"username" minLength:"1" maxLength:"120"`
		Password string `json:"password" minLength:"1" maxLength:"128"`
	}
}

// UserRef is the user block of the login reply.
type UserRef struct {
	UID  int64  `json:"uid"`
	Name string `json:"name"`
	Mail string `json:"mail"`
}

// LoginReply is the spec's login credentials shape.
type LoginReply struct {
	Token            string  `json:"token"`
	Sessid           string  `json:"sessid"`
	SessionName      string  `json:"session_name"`
	User             UserRef `json:"user"`
	FieldUserName    string  `json:"field_user_name"`
	FieldUserSurname string  `json:"field_user_surname"`
	FieldUserTlf     string  `json:"field_user_tlf"`
}

type loginOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      LoginReply
}

func (s *Server) login(ctx context.Context, in *loginInput) (*loginOutput, error) {
	ri := info(ctx)
	res, err := s.Auth.Login(ctx, in.Body.Username, in.Body.Password, ri.Addr, ri.Token)
	if err != nil {
		return nil, err
	}
	maxAge := int(s.Auth.Config().MaxAge / time.Second)
	u := res.User
	s.rememberLanguage(ctx, u, ri.r)
	return &loginOutput{
		SetCookie: []http.Cookie{
			{Name: sessionCookie, Value: res.Token, Path: "/", HttpOnly: true, Secure: ri.Secure, SameSite: http.SameSiteLaxMode, MaxAge: maxAge},
			{Name: csrfCookie, Value: "", Path: "/", MaxAge: -1},
		},
		Body: LoginReply{Token: res.Session.CSRF, Sessid: res.Session.ID, SessionName: sessionCookie,
			User: UserRef{UID: u.ID, Name: u.Username, Mail: u.Email}, FieldUserName: u.Name,
			FieldUserSurname: u.Surname, FieldUserTlf: u.Phone},
	}, nil
}

type emptyOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      struct{}
}

func (s *Server) logout(ctx context.Context, _ *struct{}) (*emptyOutput, error) {
	ri := info(ctx)
	if ri.Token != "" {
		if err := s.Auth.Logout(ctx, ri.Token); err != nil {
			return nil, err
		}
		if ri.User != nil {
			s.recheckStreams(ctx, ri.User.ID)
		}
	}
	return &emptyOutput{SetCookie: []http.Cookie{{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true}}}, nil
}

// Profile is the user profile of spec part 1 §3.
type Profile struct {
	User               UserRef `json:"user"`
	FieldUserName      string  `json:"field_user_name"`
	FieldUserSurname   string  `json:"field_user_surname"`
	FieldUserDNI       string  `json:"field_user_dni"`
	FieldUserBirthdate int64   `json:"field_user_birthdate"`
	FieldUserTlf       string  `json:"field_user_tlf"`
	FieldMjID          string  `json:"field_mj_id"`
	Created            int64   `json:"created"`
	Login              int64   `json:"login"`
	ProviderAdmin      bool    `json:"provider_admin" doc:"The user opens the provider's console (/app/provider)"`
}

type profileOutput struct{ Body Profile }

func (s *Server) me(ctx context.Context, _ *struct{}) (*profileOutput, error) {
	u := info(ctx).User
	return &profileOutput{Body: Profile{User: UserRef{UID: u.ID, Name: u.Username, Mail: u.Email},
		FieldUserName: u.Name, FieldUserSurname: u.Surname, FieldUserDNI: u.DNI, FieldUserBirthdate: u.Birthdate,
		FieldUserTlf: u.Phone, FieldMjID: u.MjID, Created: u.Created, Login: u.LastLogin, ProviderAdmin: u.ProviderAdmin}}, nil
}

type changePasswordInput struct {
	Body struct {
		OldPassword string `json:"old_password" minLength:"1" maxLength:"30"`
		Password    string `json:"password" minLength:"1" maxLength:"30"`
	}
}

type okOutput struct{ Body struct{} }

func (s *Server) changePassword(ctx context.Context, in *changePasswordInput) (*okOutput, error) {
	ri := info(ctx)
	if err := s.Auth.ChangePassword(ctx, ri.Session, in.Body.OldPassword, in.Body.Password); err != nil {
		return nil, err
	}
	s.recheckStreams(ctx, ri.User.ID) // the user's other sessions ended
	return &okOutput{}, nil
}

type requestPasswordInput struct {
	Body struct {
		Name string `json:"name" minLength:"1" maxLength:"120" doc:"Username or e-mail"`
	}
}

type messageOutput struct {
	Body struct {
		Message string `json:"message"`
	}
}

// requestNewPassword answers the same whether or not the account exists or
// has had too many links already, so it cannot be used to find out which
// usernames exist; the mail leaves after the reply.
func (s *Server) requestNewPassword(ctx context.Context, in *requestPasswordInput) (*messageOutput, error) {
	out := &messageOutput{}
	out.Body.Message = tr(ctx, "Si la cuenta existe, te hemos enviado un correo con las instrucciones para cambiar la contraseña")
	u, token, err := s.Auth.RequestReset(ctx, in.Body.Name)
	if errors.Is(err, auth.ErrNotFound) || errors.Is(err, auth.ErrResetLimited) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	link := s.cfg.PublicURL + "/app/reset-password?token=" + token
	if u.Email == "" {
		slog.WarnContext(ctx, "password reset requested for an account without e-mail", "user", u.Username, "link", link)
		return out, nil
	}
	// the mail speaks its reader's language: the one they last used the app in, else the asking page's
	lang := userLanguage(u, locale.From(ctx))
	body := locale.Format(lang, "Hola %s,\n\nPara cambiar tu contraseña de Socius abre este enlace (válido durante una hora):\n\n%s\n\nSi no lo has pedido tú, ignora este mensaje.\n", u.Username, link)
	s.sendMailLater(ctx, u.Email, locale.Text(lang, "Socius: cambio de contraseña"), body)
	return out, nil
}

type resetPasswordInput struct {
	Body struct {
		Token    string `json:"token" minLength:"1" maxLength:"200"`
		Password string `json:"password" minLength:"1" maxLength:"30"`
	}
}

func (s *Server) resetPassword(ctx context.Context, in *resetPasswordInput) (*okOutput, error) {
	return &okOutput{}, s.Auth.ResetPassword(ctx, in.Body.Token, in.Body.Password)
}

type versionOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		VueVersion string `json:"vue_version"`
	}
}

func (s *Server) vueVersion(_ context.Context, _ *struct{}) (*versionOutput, error) {
	out := &versionOutput{CacheControl: "no-store"}
	out.Body.VueVersion = s.cfg.VueVersion
	return out, nil
}

type appConfigOutput struct {
	Body struct {
		ProviderName string `json:"provider_name"`
		ProvidersURL string `json:"providers_url"`
		AppStoreURL  string `json:"app_store_url" doc:"Members' app in the App Store; empty when the provider offers none"`
		PlayStoreURL string `json:"play_store_url" doc:"Members' app in Google Play; empty when the provider offers none"`
	}
}

func (s *Server) appConfig(_ context.Context, _ *struct{}) (*appConfigOutput, error) {
	out := &appConfigOutput{}
	out.Body.ProviderName, out.Body.ProvidersURL = s.cfg.ProviderName, s.cfg.ProvidersURL
	out.Body.AppStoreURL, out.Body.PlayStoreURL = storeLink(s.cfg.AppStoreURL), storeLink(s.cfg.PlayStoreURL)
	return out, nil
}

type noveltiesOutput struct {
	Body struct {
		Data []novelty.Novelty `json:"data"`
	}
}

func (s *Server) updatesNews(ctx context.Context, _ *struct{}) (*noveltiesOutput, error) {
	list, err := s.Novelties.List(ctx, 200)
	out := &noveltiesOutput{}
	out.Body.Data = list
	return out, err
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// storeLink is a configured store address when it is a web address, else empty: the download
// page turns it into a QR and a link, so a mistyped setting must not become a javascript: link.
func storeLink(u string) string {
	if p, err := url.Parse(strings.TrimSpace(u)); err == nil && (p.Scheme == "https" || p.Scheme == "http") && p.Host != "" {
		return p.String()
	}
	return ""
}
