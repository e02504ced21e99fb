package httpapi

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"socius/web"
)

// mountApp serves the embedded single-page app under /app/: files as they
// are, gzip-compressed once and kept when the browser accepts it; every
// unknown path returns index.html so deep links work; / goes to /app/.
func (s *Server) mountApp() {
	dist, _ := fs.Sub(web.Dist, "dist")
	var gz sync.Map // path -> []byte
	s.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/app/", http.StatusFound)
	})
	s.mux.HandleFunc("GET /carta", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/app/tvshows", http.StatusFound)
	})
	s.mux.HandleFunc("GET /app", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/app/", http.StatusMovedPermanently)
	})
	s.mux.HandleFunc("GET /app/{path...}", func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(path.Clean("/"+r.PathValue("path")), "/")
		data, err := fs.ReadFile(dist, p)
		if p == "" || p == "index.html" || err != nil {
			if strings.HasPrefix(p, "assets/") {
				http.NotFound(w, r)
				return
			}
			p = "index.html"
			data, err = fs.ReadFile(dist, p)
			if err != nil {
				http.Error(w, "The web app is not built: run `make build`.", http.StatusServiceUnavailable)
				return
			}
			w.Header().Set("Cache-Control", "no-cache")
		} else if strings.HasPrefix(p, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=3600")
		}
		ct := mime.TypeByExtension(path.Ext(p))
		if ct == "" {
			ct = http.DetectContentType(data)
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Add("Vary", "Accept-Encoding")
		if compressible(ct) && len(data) > 1024 && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			z, ok := gz.Load(p)
			if !ok {
				var buf bytes.Buffer
				zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
				_, _ = zw.Write(data)
				_ = zw.Close()
				z, _ = gz.LoadOrStore(p, buf.Bytes())
			}
			data = z.([]byte)
			w.Header().Set("Content-Encoding", "gzip")
		}
		_, _ = w.Write(data)
	})
}

func compressible(ct string) bool {
	for _, p := range []string{"text/", "application/javascript", "application/json", "image/svg", "application/wasm"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}
