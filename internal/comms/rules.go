package comms

import (
	"net/netip"
	"net/url"
	"strings"
	"unicode/utf8"

	"socius/internal/problem"
)

// MaxPushRunes caps a push message staff write to members.
const MaxPushRunes = 200

// The refusals of a push to members and of a device's subscription.
var (
	errPushEmpty       = problem.Invalidf("push.body_required", "", "Tienes que escribir algo antes")
	errPushTooLong     = problem.Invalidf("push.body_too_long", "", "El mensaje no puede tener más de 200 caracteres")
	ErrNoOnlineMembers = problem.Invalidf("push.no_recipients", "", "Ningún socio tiene cuenta online")
	ErrNoneSelected    = problem.Invalidf("push.no_recipients", "", "Selecciona un socio al menos")
	errEndpoint        = problem.Invalidf("push.endpoint_invalid", "", "La dirección de la suscripción no es válida")
)

// PushText is a push message as staff typed it, trimmed, or its refusal.
func PushText(body string) (string, error) {
	text := strings.TrimSpace(body)
	if text == "" {
		return "", errPushEmpty
	}
	if utf8.RuneCountInString(text) > MaxPushRunes {
		return "", errPushTooLong
	}
	return text, nil
}

// checkEndpoint accepts a push endpoint only at https on a public name.
func checkEndpoint(endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "https" || !publicHost(u.Hostname()) {
		return errEndpoint
	}
	return nil
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
