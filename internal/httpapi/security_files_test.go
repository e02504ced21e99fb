package httpapi_test

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"
	"testing"

	"socius/internal/testkit"
)

// A Budtender saved a published product whose images named a member's ID
// scan; /api/public_image then served it to anyone. Every file now keeps the
// purpose it was uploaded for, and only product and club images can be
// public.
func TestSecurityFilesKeepTheirPurpose(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		budtender := w.budtender
		anon := k.Client()
		anon.Token()

		// A member's ID scan (document) and photo.
		scan := smallPNG(t, color.RGBA{9, 9, 9, 255})
		docs := listBody(t, uploadDocs(t, w.admin, w.alfa, upFile{"dni.png", scan}))
		docURL := docs[0]["url"].(string)
		body := socio(w.alfa, "Eva", "Doc", "12345678Z")
		body["foto"] = dataURL("image/png", smallPNG(t, color.RGBA{7, 7, 7, 255}))
		body["documents"] = []string{docs[0]["fid"].(string)}
		photoURL := jget(saveMember(t, w.admin, body), "foto", "url").(string)

		for what, url := range map[string]string{"member document": docURL, "member photo": photoURL} {
			before := k.Count("product_images", "")
			expectErr(t, what+" as a product image", budtender.Do("POST", "/api/dispensario", w.product("Trampa", "status", true, "images", []string{url})),
				400, "file.not_image", "")
			if k.Count("product_images", "") != before {
				t.Fatalf("%s: a product image was stored", what)
			}
			public := strings.Replace(url, "/api/files/", "/api/public_image/", 1)
			expectErr(t, what+" at the public address", anon.Do("GET", public, nil), 404, "not_found", "")
			expectErr(t, what+" as the club's page image", w.admin.Do("PUT", fmt.Sprintf("/api/association/%d", w.alfa),
				map[string]any{"images": []string{url}}), 400, "file.not_image", "")
		}
		// The same bytes uploaded as a product image are a file of their own: public once published.
		p := w.save(t, w.product("Foto", "status", true, "images", []string{dataURL("image/png", scan)}))
		img := objects(t, p["imagenes"])[0]["img"].(string)
		if img == docURL {
			t.Fatal("a product image shares the id of a member document")
		}
		if res := anon.Do("GET", strings.Replace(img, "/api/files/", "/api/public_image/", 1), nil); res.Status != 200 ||
			!bytes.HasPrefix(res.Body, []byte("\x89PNG")) || res.Header.Get("Content-Disposition") != "inline" {
			t.Fatalf("published product image: %d %v", res.Status, res.Header)
		}
		// And a product image cannot become a member's photo or document.
		expectErr(t, "product image as a member photo", edit(w.admin, w.alfa, num(jget(mustMember(t, w, "12345678Z"), "nid")),
			map[string]any{"foto": img}), 400, "member.file_unknown", "")
		expectErr(t, "product image as a member document", edit(w.admin, w.alfa, num(jget(mustMember(t, w, "12345678Z"), "nid")),
			map[string]any{"documents": []string{strings.TrimPrefix(img, "/api/files/")}}), 400, "member.file_unknown", "")
	})
}

func mustMember(t *testing.T, w *catalogWorld, dni string) map[string]any {
	t.Helper()
	res := w.admin.Do("GET", fmt.Sprintf("/api/ficha_by_dni?association=%d&dni=%s", w.alfa, dni), nil)
	expectOK(t, "member by dni", res)
	return res.JSON
}

// An SVG with a script was stored as an image; an HTML/PDF polyglot as a
// document, served inline.
func TestSecurityActiveContent(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		for _, svg := range []string{
			`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="/app/"/></foreignObject></svg>`,
		} {
			expectErr(t, "svg with active content", w.admin.Do("POST", "/api/dispensario", w.product("SVG", "images",
				[]string{dataURL("image/svg+xml", []byte(svg))})), 400, "file.not_image", "")
		}
		// A plain drawing is still an image.
		w.save(t, w.product("Dibujo", "images", []string{dataURL("image/svg+xml",
			[]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#4a7"/></svg>`))}))

		polyglot := []byte("%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n%%EOF\n")
		docs := listBody(t, uploadDocs(t, w.admin, w.alfa, upFile{"factura.pdf", polyglot}))
		res := w.admin.Do("GET", docs[0]["url"].(string), nil)
		expectOK(t, "document", res)
		if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") {
			t.Fatalf("a document is a download, never a page: %v", res.Header)
		}
	})
}

// "11111111H\u0000" slipped past the unique ID number, and two members could
// share a key fob.
func TestSecurityInvisibleCharactersAndKeyFobs(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		saveMember(t, w.admin, socio(w.alfa, "Ana", "Uno", "11111111H"))
		for _, dni := range []string{"11111111H\u0000", "11111111\u200bH", "\ufeff11111111H", "11111111H\t"} {
			expectErr(t, fmt.Sprintf("ID number %q", dni), w.admin.Do("POST", "/api/ficha_socio", socio(w.alfa, "Ana", "Dos", dni)),
				400, "member.dni_taken", "")
		}
		a := socio(w.alfa, "Key", "Uno", "22222222J")
		a["keychain"] = "FOB-0042"
		saveMember(t, w.admin, a)
		for _, fob := range []string{"FOB-0042", "FOB-0042\u200d", "\u0000FOB-0042"} {
			b := socio(w.alfa, "Key", "Dos", "33333333P")
			b["keychain"] = fob
			expectErr(t, fmt.Sprintf("key fob %q", fob), w.admin.Do("POST", "/api/ficha_socio", b), 400, "member.keychain_taken", "")
		}
		// A key fob equal to another member's ID number is refused too: it would open their card first.
		c := socio(w.alfa, "Key", "Tres", "44444444A")
		c["keychain"] = "11111111H"
		expectErr(t, "key fob of another's ID number", w.admin.Do("POST", "/api/ficha_socio", c), 400, "member.keychain_taken", "")
		// The scanner finds the member whatever invisible characters the reader adds.
		res := w.admin.Do("GET", fmt.Sprintf("/api/getpatientbydni/retrieve?association=%d&dni=%s", w.alfa, "FOB-0042%E2%80%8B"), nil)
		expectOK(t, "scan with a zero-width space", res)
		if res.JSON["nombre"] != "Key" || res.JSON["surname"] != "Uno" {
			t.Fatalf("scan found %s", res)
		}
	})
}
