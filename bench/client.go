package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
)

// client is one browser: cookies and the CSRF token.
type client struct {
	base string
	http *http.Client
	csrf string
}

func newClient(base string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{base: base, http: &http.Client{Jar: jar}}
}

func (c *client) do(method, path string, body any, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", c.csrf)
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

func (c *client) get(path string) error { return c.do("GET", path, nil, nil) }

func (c *client) login(user, password string) error {
	if c.csrf == "" {
		req, _ := http.NewRequest("GET", c.base+"/services/session/token", nil)
		res, err := c.http.Do(req)
		if err != nil {
			return err
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		c.csrf = string(b)
	}
	var reply struct {
		Token string `json:"token"`
	}
	if err := c.do("POST", "/api/user/login", map[string]string{"username": user, "password": password}, &reply); err != nil {
		return err
	}
	c.csrf = reply.Token
	return nil
}
