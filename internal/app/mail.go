package app

import (
	"context"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// smtpMailer sends plain-text mail through the configured server (STARTTLS
// when offered).
type smtpMailer struct{ cfg *Config }

func (m smtpMailer) Send(_ context.Context, to, subject, body string) error {
	addr := net.JoinHostPort(m.cfg.SMTPHost, strconv.Itoa(m.cfg.SMTPPort))
	var auth smtp.Auth
	if m.cfg.SMTPUser != "" {
		auth = smtp.PlainAuth("", m.cfg.SMTPUser, m.cfg.SMTPPassword, m.cfg.SMTPHost)
	}
	msg := strings.Join([]string{
		"From: " + m.cfg.SMTPFrom, "To: " + to, "Subject: " + mime.QEncoding.Encode("utf-8", subject),
		"Date: " + time.Now().Format(time.RFC1123Z), "MIME-Version: 1.0",
		"Content-Type: text/plain; charset=UTF-8", "", body}, "\r\n")
	if err := smtp.SendMail(addr, auth, m.cfg.SMTPFrom, []string{to}, []byte(msg)); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// logMailer writes the message to the server log when no SMTP is configured,
// so an operator can pass a reset link on by hand.
type logMailer struct{}

func (logMailer) Send(ctx context.Context, to, subject, body string) error {
	slog.WarnContext(ctx, "mail not sent (no SMTP configured); message follows", "to", to, "subject", subject, "body", body)
	return nil
}
