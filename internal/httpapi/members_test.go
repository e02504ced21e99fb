package httpapi_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image/color"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/xuri/excelize/v2"

	"socius/internal/access"
	"socius/internal/auth"
	"socius/internal/member"
	"socius/internal/testkit"
)

// ---------------------------------------------------------------------------
// helpers of the member tests

// staffUsers are the accounts of the member tests, made and logged in once
// per app: an Administrador, a Manager and a Recepción (staff of each Alfa)
// and an Administrador of each Beta.
type staffUsers struct {
	k                                  *testkit.Kit
	adminUID, managerUID, recepcionUID int64
	betaUID                            int64
	admin, manager, recepcion, betaAdm *testkit.Client
}

func newStaffUsers(t *testing.T, k *testkit.Kit) *staffUsers {
	t.Helper()
	u := &staffUsers{k: k}
	u.adminUID, u.managerUID, u.recepcionUID, u.betaUID = k.User("admin", 0), k.User("manager", 0), k.User("recepcion", 0), k.User("betaadmin", 0)
	u.admin = mustLogin(t, k, "admin", testkit.Password)
	u.manager = mustLogin(t, k, "manager", testkit.Password)
	u.recepcion = mustLogin(t, k, "recepcion", testkit.Password)
	u.betaAdm = mustLogin(t, k, "betaadmin", testkit.Password)
	return u
}

// memberWorld is a fresh club Alfa (every flag) whose staff records, numbers
// 1 to 3, are the Administrador, the Manager and the Recepción, and a fresh
// club Beta (every flag) with its Administrador.
type memberWorld struct {
	*staffUsers
	alfa, beta int64
}

func (u *staffUsers) world(t *testing.T) *memberWorld {
	t.Helper()
	w := &memberWorld{staffUsers: u, alfa: u.k.Club("Alfa", access.Flags...), beta: u.k.Club("Beta", access.Flags...)}
	ctx := context.Background()
	err := u.k.App.DB.Tx(ctx, func(tx *sqlx.Tx) error {
		for _, s := range []struct {
			in, uid    int64
			name, role string
		}{{w.alfa, u.adminUID, "Admin", access.Administrador}, {w.alfa, u.managerUID, "Manager", access.Manager},
			{w.alfa, u.recepcionUID, "Recepcion", access.Recepcion}, {w.beta, u.betaUID, "Betaadmin", access.Administrador}} {
			// as "socius admin user create --club" does
			if _, err := member.CreateStaff(ctx, tx, member.Staff{Club: s.in, User: s.uid, Name: s.name, Email: strings.ToLower(s.name) + "@example.test", Roles: []string{s.role}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func newMemberWorld(t *testing.T, k *testkit.Kit) *memberWorld {
	t.Helper()
	return newStaffUsers(t, k).world(t)
}

// socio is the ficha_socio payload of a new member of club.
func socio(club int64, nombre, surname, dni string) map[string]any {
	return map[string]any{"association": club, "nombre": nombre, "surname": surname, "dni": dni}
}

// saveMember posts a ficha_socio and returns the saved member.
func saveMember(t *testing.T, c *testkit.Client, body map[string]any) map[string]any {
	t.Helper()
	res := c.Do("POST", "/api/ficha_socio", body)
	expectOK(t, fmt.Sprintf("save member %v %v", body["nombre"], body["nid"]), res)
	return res.JSON
}

// edit sends a partial edit of member nid with only the given fields.
func edit(c *testkit.Client, club int64, nid int64, fields map[string]any) *testkit.Response {
	body := map[string]any{"association": club, "nid": nid, "membership_id": nid}
	for k, v := range fields {
		body[k] = v
	}
	return c.Do("POST", "/api/ficha_socio", body)
}

func num(v any) int64 { f, _ := v.(float64); return int64(f) }

// objects turns a decoded JSON list into objects.
func objects(t *testing.T, v any) []map[string]any {
	t.Helper()
	list, ok := v.([]any)
	if !ok {
		t.Fatalf("want a JSON list, got %T %v", v, v)
	}
	out := make([]map[string]any, len(list))
	for i, e := range list {
		out[i], _ = e.(map[string]any)
	}
	return out
}

// listBody decodes a reply whose body is a JSON list.
func listBody(t *testing.T, res *testkit.Response) []map[string]any {
	t.Helper()
	var v any
	if err := json.Unmarshal(res.Body, &v); err != nil {
		t.Fatalf("reply is not JSON: %s", res)
	}
	return objects(t, v)
}

// searchMembers runs GET /api/ficha_socio with the query q (starting with &).
func searchMembers(t *testing.T, c *testkit.Client, club int64, q string) ([]map[string]any, int64) {
	t.Helper()
	res := c.Do("GET", "/api/ficha_socio?association="+itoa(club)+q, nil)
	expectOK(t, "search "+q, res)
	return objects(t, res.JSON["data"]), num(res.JSON["total_fichas"])
}

// fullNames lists "nombre surname" of members.
func fullNames(list []map[string]any) []string {
	out := []string{}
	for _, m := range list {
		out = append(out, strings.TrimSpace(fmt.Sprint(m["nombre"], " ", m["surname"])))
	}
	return out
}

// getMember loads one member by nid through the search call.
func getMember(t *testing.T, c *testkit.Client, club, nid int64) map[string]any {
	t.Helper()
	list, total := searchMembers(t, c, club, "&nid="+itoa(nid))
	if len(list) != 1 || total != 1 {
		t.Fatalf("member %d: want one, got %d", nid, len(list))
	}
	return list[0]
}

// myClubIDs lists the clubs of GET /api/association/mine.
func myClubIDs(t *testing.T, c *testkit.Client) []int64 {
	t.Helper()
	res := c.Do("GET", "/api/association/mine", nil)
	expectOK(t, "mine", res)
	ids := []int64{}
	for _, d := range objects(t, res.JSON["data"]) {
		ids = append(ids, num(d["nid"]))
	}
	return ids
}

// writes counts the rows a member request may write.
func writes(k *testkit.Kit) map[string]int {
	out := map[string]int{}
	for _, table := range []string{"members", "member_terms", "member_roles", "member_documents", "files", "users", "messages"} {
		out[table] = k.Count(table, "")
	}
	return out
}

func expectNoWrites(t *testing.T, k *testkit.Kit, what string, before map[string]int) {
	t.Helper()
	if after := writes(k); !reflect.DeepEqual(before, after) {
		t.Fatalf("%s wrote rows: before %v, after %v", what, before, after)
	}
}

type upFile struct {
	name string
	data []byte
}

// uploadDocs posts files as the member form does (multipart: files, directory, asocid).
func uploadDocs(t *testing.T, c *testkit.Client, club int64, fs ...upFile) *testkit.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("directory", "document")
	_ = mw.WriteField("asocid", itoa(club))
	for _, f := range fs {
		fw, err := mw.CreateFormFile("files", f.name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(f.data)
	}
	_ = mw.Close()
	return c.Raw("POST", "/api/socius_file/create_raw", buf.String(),
		map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": mw.FormDataContentType()})
}

var pdfDoc = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// smsGateway is a fake SMS provider answering with status.
type smsGateway struct {
	mu     sync.Mutex
	status int
	got    []map[string]string
}

func (g *smsGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m map[string]string
	_ = json.NewDecoder(r.Body).Decode(&m)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.got = append(g.got, m)
	w.WriteHeader(g.status)
}

func (g *smsGateway) received() []map[string]string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.got)
}

// TestMembers runs the member rules on one app per engine; each part gets
// clubs of its own and the staff accounts are shared (they are slow to make).
func TestMembers(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		u := newStaffUsers(t, k)
		for _, part := range []struct {
			name string
			fn   func(*testing.T, *memberWorld)
		}{
			{"create and edit", memberCreateAndEdit},
			{"validation", memberValidation},
			{"numbers and ID numbers", memberNumbersAndDNI},
			{"staff", memberStaff},
			{"search", memberSearch},
			{"export", memberExport},
			{"delete", memberDelete},
			{"documents and photo", memberFiles},
			{"look-ups", memberLookups},
			{"look-up of a blank code", memberLookupBlankCode},
			{"registration", memberRegister},
			{"SMS and push without providers", memberSMSAndPush},
			{"categories", memberCategories},
			{"check-in and check-out", memberCheckInOut},
		} {
			t.Run(part.name, func(t *testing.T) { part.fn(t, u.world(t)) })
		}
	})
}

// TestMemberFixedBugs keeps three bugs from coming back: phones typed without
// spaces, staff created from the command line found by name, and an upload
// with one bad file storing nothing.
func TestMemberFixedBugs(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		u := newStaffUsers(t, k)
		t.Run("phone typed without spaces", func(t *testing.T) { memberSearchPhoneAsTyped(t, u.world(t)) })
		t.Run("staff made from the command line found by name", func(t *testing.T) { staffFromCommandLineFoundByName(t, u.world(t)) })
		t.Run("a refused upload stores none of its files", func(t *testing.T) { uploadRefusedStoresNothing(t, u.world(t)) })
	})
}

// ---------------------------------------------------------------------------
// Create and edit

func memberCreateAndEdit(t *testing.T, w *memberWorld) {
	k := w.k
	body := socio(w.alfa, "  José ", "Muñoz", "12345678-z")
	body["surname2"] = "Pérez"
	body["email"] = "jose@correo.es"
	body["telefono"] = "600111222"
	body["country_code"] = "+34"
	body["birthday"] = 631152000
	body["type_member"] = "terapeutico"
	body["memcard_address"] = map[string]any{"thoroughfare": "Carrer Major 1", "locality": "Girona", "postal_code": "17001", "country": "ES"}
	body["notes"] = "Alergia al polen"
	body["monedero_negativo"] = true
	body["consum_forecast"] = 90
	m := saveMember(t, w.admin, body)
	nid := num(m["nid"])

	want := map[string]any{"nombre": "José", "surname": "Muñoz", "surname2": "Pérez", "dni": "12345678Z",
		"email": "jose@correo.es", "telefono": "600111222", "country_code": "34", "birthdate": 631152000.0,
		"type": "terapeutico", "status_member": 1.0, "is_staff": false, "online_account": false,
		"monedero_negativo": true, "consum_forecast": 90.0, "notes": "Alergia al polen", "keychain": "12345678Z",
		"number": 4.0, "association": float64(w.alfa), "membership_id": float64(nid), "user": nil, "category_member": nil,
		"memcard_address": map[string]any{"thoroughfare": "Carrer Major 1", "locality": "Girona", "postal_code": "17001", "country": "ES"}}
	for key, v := range want {
		if !reflect.DeepEqual(m[key], v) {
			t.Errorf("created member %s: want %v, got %v", key, v, m[key])
		}
	}
	if nid == 0 || num(m["member_created"]) < time.Now().Add(-time.Minute).Unix() {
		t.Fatalf("nid / member_created missing: %v", m)
	}
	if got := getMember(t, w.admin, w.alfa, nid); !reflect.DeepEqual(got, m) {
		t.Fatalf("the stored member differs from the reply:\n%v\n%v", got, m)
	}

	// Each partial edit changes only its field (an online account also links a user).
	users := k.Count("users", "")
	for _, e := range []struct {
		by      *testkit.Client
		fields  map[string]any
		changes []string
	}{
		{w.admin, map[string]any{"telefono": "699000111"}, []string{"telefono"}},
		{w.manager, map[string]any{"status_member": 0}, []string{"status_member"}},
		{w.manager, map[string]any{"status_member": 1}, []string{"status_member"}},
		{w.recepcion, map[string]any{"online_account": true}, []string{"online_account", "user"}},
	} {
		before := getMember(t, w.admin, w.alfa, nid)
		expectOK(t, fmt.Sprintf("partial edit %v", e.fields), edit(e.by, w.alfa, nid, e.fields))
		after := getMember(t, w.admin, w.alfa, nid)
		for key := range before {
			if !slices.Contains(e.changes, key) && !reflect.DeepEqual(before[key], after[key]) {
				t.Errorf("partial edit %v changed %s: %v -> %v", e.fields, key, before[key], after[key])
			}
		}
		for key, v := range e.fields {
			if fmt.Sprint(after[key]) != fmt.Sprint(v) {
				t.Errorf("partial edit %v: %s is %v", e.fields, key, after[key])
			}
		}
	}
	after := getMember(t, w.admin, w.alfa, nid)
	if num(jget(after, "user", "uid")) == 0 || k.Count("users", "") != users+1 {
		t.Fatalf("online account without a linked user: %v (users %d -> %d)", after["user"], users, k.Count("users", ""))
	}

	// membership_id alone names the member too.
	res := w.admin.Do("POST", "/api/ficha_socio", map[string]any{"association": w.alfa, "membership_id": nid, "telefono": "622333444"})
	expectOK(t, "edit by membership_id", res)
	if res.JSON["telefono"] != "622333444" || num(res.JSON["nid"]) != nid || k.Count("members", "club_id = ?", w.alfa) != 4 {
		t.Fatalf("edit by membership_id: %s", res)
	}
	// The old phone is no longer found, the new one is.
	if list, _ := searchMembers(t, w.admin, w.alfa, "&telefono=699000"); len(list) != 0 {
		t.Errorf("old phone still found: %v", fullNames(list))
	}
	if list, _ := searchMembers(t, w.admin, w.alfa, "&telefono=622333"); len(list) != 1 {
		t.Errorf("new phone not found: %v", fullNames(list))
	}

	t.Run("editing another club's member", func(t *testing.T) {
		b := saveMember(t, w.betaAdm, socio(w.beta, "Berta", "Beta", "99999999B"))
		bnid := num(b["nid"])
		expectErr(t, "edit Beta's member from Alfa", edit(w.admin, w.alfa, bnid, map[string]any{"telefono": "600000000"}), 404, "member.not_found", "")
		if got := getMember(t, w.betaAdm, w.beta, bnid); got["telefono"] != "" {
			t.Fatalf("Beta's member changed: %v", got["telefono"])
		}
	})
}

// ---------------------------------------------------------------------------
// Validation (spec §5)

func memberValidation(t *testing.T, w *memberWorld) {
	k := w.k
	email61 := strings.Repeat("a", 51) + "@correo.es" // 61 characters
	notes201 := strings.Repeat("ñ", 201)
	cases := []struct {
		what          string
		set           map[string]any
		drop          string
		code, message string
	}{
		{"empty name", map[string]any{"nombre": ""}, "", "member.name_required", "El nombre es obligatorio"},
		{"blank name", map[string]any{"nombre": "   "}, "", "member.name_required", "El nombre es obligatorio"},
		{"no name", nil, "nombre", "member.name_required", "El nombre es obligatorio"},
		{"empty surname", map[string]any{"surname": ""}, "", "member.surname_required", "El apellido es obligatorio"},
		{"no surname", nil, "surname", "member.surname_required", "El apellido es obligatorio"},
		{"empty DNI", map[string]any{"dni": ""}, "", "member.dni_required", "El DNI es obligatorio"},
		{"DNI of dashes only", map[string]any{"dni": " - "}, "", "member.dni_required", "El DNI es obligatorio"},
		{"no DNI", nil, "dni", "member.dni_required", "El DNI es obligatorio"},
		{"email of 61", map[string]any{"email": email61}, "", "member.email_too_long", ""},
		{"notes of 201", map[string]any{"notes": notes201}, "", "member.notes_too_long", ""},
		{"unknown role", map[string]any{"is_staff": true, "memcard_roles": []string{"Jefe"}}, "", "member.role_invalid", ""},
		{"unknown category", map[string]any{"category_member": 987654}, "", "member.category_unknown", ""},
		{"unknown guarantor", map[string]any{"endorsement_member": []int64{987654}}, "", "member.guarantor_unknown", ""},
	}
	for _, c := range cases {
		body := socio(w.alfa, "Ana", "Soler", "87654321X")
		for key, v := range c.set {
			body[key] = v
		}
		delete(body, c.drop)
		before := writes(k)
		res := w.admin.Do("POST", "/api/ficha_socio", body)
		expectErr(t, c.what, res, 400, c.code, c.message)
		expectNoWrites(t, k, c.what, before)
	}
	// The limits themselves are accepted (characters, not bytes).
	body := socio(w.alfa, "Ñoño", "Límite", "11223344L")
	body["email"] = strings.Repeat("a", 50) + "@correo.es"
	body["notes"] = strings.Repeat("ñ", 200)
	m := saveMember(t, w.admin, body)
	if len([]rune(m["notes"].(string))) != 200 || len(m["email"].(string)) != 60 {
		t.Fatalf("limits: notes %d email %d", len([]rune(m["notes"].(string))), len(m["email"].(string)))
	}

	// A refused edit writes nothing either: the member keeps its name and its search words.
	nid := num(m["nid"])
	for _, c := range []struct {
		fields        map[string]any
		code, message string
	}{
		{map[string]any{"nombre": ""}, "member.name_required", "El nombre es obligatorio"},
		{map[string]any{"surname": " "}, "member.surname_required", "El apellido es obligatorio"},
		{map[string]any{"dni": ""}, "member.dni_required", "El DNI es obligatorio"},
		{map[string]any{"email": email61, "nombre": "Cambiado"}, "member.email_too_long", ""},
		{map[string]any{"notes": notes201, "nombre": "Cambiado"}, "member.notes_too_long", ""},
	} {
		before := writes(k)
		expectErr(t, fmt.Sprintf("edit %v", c.fields), edit(w.admin, w.alfa, nid, c.fields), 400, c.code, c.message)
		expectNoWrites(t, k, fmt.Sprintf("edit %v", c.fields), before)
	}
	if got := getMember(t, w.admin, w.alfa, nid); got["nombre"] != "Ñoño" || got["dni"] != "11223344L" {
		t.Fatalf("refused edits changed the member: %v %v", got["nombre"], got["dni"])
	}
	if list, _ := searchMembers(t, w.admin, w.alfa, "&nombre=nono"); len(list) != 1 {
		t.Fatalf("the member is no longer found by name after refused edits: %v", fullNames(list))
	}
}

// ---------------------------------------------------------------------------
// Member numbers and ID numbers

func memberNumbersAndDNI(t *testing.T, w *memberWorld) {
	k := w.k
	// Staff records hold 1–3: the first member gets 4.
	a := saveMember(t, w.admin, socio(w.alfa, "Ana", "Uno", "10000001A"))
	if num(a["number"]) != 4 {
		t.Fatalf("first number: want 4, got %v", a["number"])
	}
	b := socio(w.alfa, "Bea", "Diez", "10000002B")
	b["number"] = 10
	if m := saveMember(t, w.admin, b); num(m["number"]) != 10 {
		t.Fatalf("chosen number: want 10, got %v", m["number"])
	}
	c := socio(w.alfa, "Carla", "Cero", "10000003C")
	c["number"] = 0
	if m := saveMember(t, w.admin, c); num(m["number"]) != 11 {
		t.Fatalf("number 0 means the next free one: want 11, got %v", m["number"])
	}
	if m := saveMember(t, w.admin, socio(w.alfa, "Dani", "Vacío", "10000004D")); num(m["number"]) != 12 {
		t.Fatalf("next free number: want 12, got %v", m["number"])
	}

	t.Run("a taken number", func(t *testing.T) {
		d := socio(w.alfa, "Eva", "Repetida", "10000005E")
		d["number"] = 10
		before := writes(k)
		expectErr(t, "taken number", w.admin.Do("POST", "/api/ficha_socio", d), 400, "member.number_taken", "El número de socio 10 ya está en uso")
		expectNoWrites(t, k, "taken number", before)
		// Another member moved onto a taken number: refused and unchanged.
		expectErr(t, "edit onto a taken number", edit(w.admin, w.alfa, num(a["nid"]), map[string]any{"number": 10, "nombre": "Otra"}),
			400, "member.number_taken", "")
		if got := getMember(t, w.admin, w.alfa, num(a["nid"])); num(got["number"]) != 4 || got["nombre"] != "Ana" {
			t.Fatalf("refused edit changed the member: %v %v", got["number"], got["nombre"])
		}
		// Keeping one's own number is fine.
		expectOK(t, "edit keeping the number", edit(w.admin, w.alfa, num(a["nid"]), map[string]any{"number": 4, "nombre": "Ana María"}))
		// The same number in another club is fine.
		e := socio(w.beta, "Eva", "Beta", "10000005E")
		e["number"] = 10
		if m := saveMember(t, w.betaAdm, e); num(m["number"]) != 10 || num(m["association"]) != w.beta {
			t.Fatalf("number 10 in Beta: %v", m)
		}
	})

	t.Run("an ID number is unique in a club", func(t *testing.T) {
		before := writes(k)
		res := w.admin.Do("POST", "/api/ficha_socio", socio(w.alfa, "Intrusa", "Copia", "10000002b"))
		expectErr(t, "taken DNI", res, 400, "member.dni_taken", "El DNI 10000002B ya está registrado en el socio nº 10 (Bea Diez)")
		if res.JSON["field"] != "dni" {
			t.Fatalf("taken DNI: the reply names the field: %s", res)
		}
		expectNoWrites(t, k, "taken DNI", before)
		// Editing another member onto it is refused too; keeping one's own is fine.
		expectErr(t, "edit onto a taken DNI", edit(w.admin, w.alfa, num(a["nid"]), map[string]any{"dni": "10000002B"}), 400, "member.dni_taken", "")
		expectOK(t, "edit keeping the DNI", edit(w.admin, w.alfa, num(a["nid"]), map[string]any{"dni": "10000001A", "notes": "ok"}))
		// The same ID number in another club is fine.
		saveMember(t, w.betaAdm, socio(w.beta, "Bea", "En Beta", "10000002B"))
	})

	t.Run("keychain and consumption forecast defaults", func(t *testing.T) {
		m := saveMember(t, w.admin, socio(w.alfa, "Fina", "Llavero", "20000001F"))
		if m["keychain"] != "20000001F" || num(m["consum_forecast"]) != 60 {
			t.Fatalf("defaults: keychain %v consum_forecast %v", m["keychain"], m["consum_forecast"])
		}
		b := socio(w.alfa, "Gala", "Llavero", "20000002G")
		b["keychain"] = "FOB-0042"
		b["consum_forecast"] = 25
		m = saveMember(t, w.admin, b)
		if m["keychain"] != "FOB-0042" || num(m["consum_forecast"]) != 25 {
			t.Fatalf("given values: keychain %v consum_forecast %v", m["keychain"], m["consum_forecast"])
		}
		// The club's consumption forecast setting becomes the default of new members.
		expectOK(t, "forecast setting", w.admin.Do("POST", "/api/association_category", map[string]any{"association": w.alfa, "type": "consumptionforecast", "title": "44.5"}))
		m = saveMember(t, w.admin, socio(w.alfa, "Hana", "Llavero", "20000003H"))
		if num(m["consum_forecast"]) != 45 {
			t.Fatalf("forecast from the club setting 44.5: %v", m["consum_forecast"])
		}
	})
}

// ---------------------------------------------------------------------------
// Staff toggle, roles and end date

func memberStaff(t *testing.T, w *memberWorld) {
	k := w.k
	m := saveMember(t, w.admin, socio(w.alfa, "Pepe", "Vidal", "30000001P"))
	nid := num(m["nid"])

	t.Run("only an Administrador", func(t *testing.T) {
		for _, fields := range []map[string]any{
			{"is_staff": true},
			{"is_staff": true, "memcard_roles": []string{access.Recepcion}},
			{"end_date": 1893456000},
		} {
			before := writes(k)
			expectErr(t, fmt.Sprintf("Manager sets %v", fields), edit(w.manager, w.alfa, nid, fields), 403, "member.admin_only", "")
			expectNoWrites(t, k, fmt.Sprintf("Manager sets %v", fields), before)
		}
		body := socio(w.alfa, "Nueva", "Staff", "30000009N")
		body["is_staff"] = true
		before := writes(k)
		expectErr(t, "Manager creates staff", w.manager.Do("POST", "/api/ficha_socio", body), 403, "member.admin_only", "")
		expectNoWrites(t, k, "Manager creates staff", before)
		got := getMember(t, w.admin, w.alfa, nid)
		if got["is_staff"] != false || num(got["end_date"]) != 0 || len(got["memcard_roles"].([]any)) != 0 || got["online_account"] != false {
			t.Fatalf("refused changes were written: %v", got)
		}
		// The Administrador may set the end of fee.
		res := edit(w.admin, w.alfa, nid, map[string]any{"end_date": 1893456000})
		expectOK(t, "admin sets end_date", res)
		if num(res.JSON["end_date"]) != 1893456000 {
			t.Fatalf("end_date: %v", res.JSON["end_date"])
		}
	})

	t.Run("staff of two clubs is one user", func(t *testing.T) {
		users := k.Count("users", "")
		body := socio(w.alfa, "Berta", "Dos Clubes", "30000002B")
		body["email"] = "BETAADMIN@example.test" // the Beta administrator's address, written differently
		body["is_staff"] = true
		body["online_account"] = false
		body["memcard_roles"] = []string{access.Recepcion}
		s := saveMember(t, w.admin, body)
		if s["is_staff"] != true || s["online_account"] != true {
			t.Fatalf("staff forces the online account: %v", s)
		}
		// The account is the person's: the record waits until they accept the
		// request mailed to them, and Alfa is not theirs until then.
		if s["user"] != nil || s["account_link_pending"] != true {
			t.Fatalf("the existing account is linked only when its owner accepts: %v", s)
		}
		if mine := myClubIDs(t, w.betaAdm); slices.Contains(mine, w.alfa) {
			t.Fatalf("Alfa reached before the person accepted: %v", mine)
		}
		// The person follows the mailed link (its token is only in the mail; here a known one stands in).
		exec(t, k, `UPDATE account_links SET token_hash = ? WHERE member_id = ?`, auth.HashToken("known-token"), num(s["nid"]))
		expectOK(t, "accept the link", w.betaAdm.Do("POST", "/api/account_link", map[string]any{"token": "known-token", "accept": true}))
		s = getMember(t, w.admin, w.alfa, num(s["nid"]))
		if uid := num(jget(s, "user", "uid")); uid != w.betaUID {
			t.Fatalf("linked user %d, want the existing one %d", uid, w.betaUID)
		}
		if !reflect.DeepEqual(s["memcard_roles"], []any{access.Recepcion}) {
			t.Fatalf("roles: %v", s["memcard_roles"])
		}
		if n := k.Count("users", ""); n != users {
			t.Fatalf("a second account was made for the same e-mail: users %d -> %d", users, n)
		}
		// Beta's administrator now sees Alfa and works there as Recepción.
		if mine := myClubIDs(t, w.betaAdm); !slices.Contains(mine, w.alfa) || !slices.Contains(mine, w.beta) {
			t.Fatalf("mine: want Alfa %d and Beta %d, got %v", w.alfa, w.beta, mine)
		}
		r := w.betaAdm.Do("GET", "/api/association/retrieve?association="+itoa(w.alfa), nil)
		expectOK(t, "retrieve Alfa", r)
		if !reflect.DeepEqual(r.JSON["roles"], []any{access.Recepcion}) {
			t.Fatalf("roles in Alfa: %v", r.JSON["roles"])
		}
		if list, _ := searchMembers(t, w.betaAdm, w.alfa, "&nombre=pepe"); len(list) != 1 {
			t.Fatalf("search in Alfa as Recepción: %v", fullNames(list))
		}
		expectErr(t, "export in Alfa as Recepción", w.betaAdm.Do("GET", "/api/ficha_socio/export?format=csv&association="+itoa(w.alfa), nil),
			403, "access.role", "Access denied for user betaadmin")

		// Roles changed by the Administrador apply at once.
		expectOK(t, "make Manager", edit(w.admin, w.alfa, num(s["nid"]), map[string]any{"memcard_roles": []string{access.Manager}}))
		expectOK(t, "export as Manager", w.betaAdm.Do("GET", "/api/ficha_socio/export?format=csv&association="+itoa(w.alfa), nil))

		// Staff switched off: Alfa is gone from the list and its routes are closed.
		expectOK(t, "staff off", edit(w.admin, w.alfa, num(s["nid"]), map[string]any{"is_staff": false}))
		if mine := myClubIDs(t, w.betaAdm); slices.Contains(mine, w.alfa) || !slices.Contains(mine, w.beta) {
			t.Fatalf("mine after staff off: want Beta %d without Alfa %d, got %v", w.beta, w.alfa, mine)
		}
		expectErr(t, "search in Alfa after staff off", w.betaAdm.Do("GET", "/api/ficha_socio?association="+itoa(w.alfa), nil),
			403, "access.denied", "Access denied for user betaadmin")
		if got := getMember(t, w.admin, w.alfa, num(s["nid"])); len(got["memcard_roles"].([]any)) != 0 {
			t.Fatalf("a non-staff member keeps roles: %v", got["memcard_roles"])
		}
	})

	t.Run("an account already used in the club", func(t *testing.T) {
		body := socio(w.alfa, "Doble", "Cuenta", "30000003D")
		body["email"], body["online_account"] = "manager@example.test", true
		before := writes(k)
		expectErr(t, "the Manager's account on another member", w.admin.Do("POST", "/api/ficha_socio", body), 400, "member.account_in_use", "")
		expectNoWrites(t, k, "account in use", before)
	})

	t.Run("a new e-mail gets a new account", func(t *testing.T) {
		users := k.Count("users", "")
		res := edit(w.admin, w.alfa, nid, map[string]any{"email": "pepe.vidal@correo.es", "is_staff": true, "memcard_roles": []string{access.Manager, access.Recepcion}})
		expectOK(t, "staff on", res)
		uid := num(jget(res.JSON, "user", "uid"))
		if uid == 0 || k.Count("users", "") != users+1 || k.Count("users", "id = ? AND email = ?", uid, "pepe.vidal@correo.es") != 1 {
			t.Fatalf("new account: uid %d, users %d -> %d", uid, users, k.Count("users", ""))
		}
		if !reflect.DeepEqual(res.JSON["memcard_roles"], []any{access.Manager, access.Recepcion}) {
			t.Fatalf("roles: %v", res.JSON["memcard_roles"])
		}
		// The new staff sets a password and works in the club with those roles.
		if err := k.App.Auth.SetPassword(context.Background(), "pepe.vidal@correo.es", "clave-de-pepe-1"); err != nil {
			t.Fatal(err)
		}
		pepe := mustLogin(t, k, "pepe.vidal@correo.es", "clave-de-pepe-1")
		if mine := myClubIDs(t, pepe); !reflect.DeepEqual(mine, []int64{w.alfa}) {
			t.Fatalf("mine of the new staff: want [%d], got %v", w.alfa, mine)
		}
		expectOK(t, "export as Manager", pepe.Do("GET", "/api/ficha_socio/export?format=csv&association="+itoa(w.alfa), nil))
		expectErr(t, "Manager may not make staff", edit(pepe, w.alfa, nid, map[string]any{"memcard_roles": []string{access.Administrador}}), 403, "member.admin_only", "")
	})
}

// ---------------------------------------------------------------------------
// Search

// seedSearch adds the members the search and export tests look for, plus 14
// fillers ("Relleno") so that the non-staff members of Alfa fill two pages.
func seedSearch(t *testing.T, w *memberWorld) map[string]int64 {
	t.Helper()
	nids := map[string]int64{}
	for _, p := range []struct {
		nombre, surname, surname2, dni, email, tel, keychain string
		status                                               int
	}{
		{"José", "MUÑOZ", "Pérez", "11111111A", "jose.munoz@correo.es", "600111222", "", 1},
		{"María José", "García", "Núñez", "22222222B", "mj@correo.es", "", "LLAVE-7", 1},
		{"Mario", "Álvarez", "", "33333333C", "", "611000333", "", 0},
		{"Ana", "Marín", "Soler", "44444444D", "", "", "", 1},
	} {
		b := socio(w.alfa, p.nombre, p.surname, p.dni)
		b["surname2"], b["email"], b["telefono"], b["keychain"], b["status_member"] = p.surname2, p.email, p.tel, p.keychain, p.status
		nids[p.nombre] = num(saveMember(t, w.admin, b)["nid"])
	}
	for i := range 14 {
		saveMember(t, w.admin, socio(w.alfa, fmt.Sprintf("Socio%02d", i), "Relleno", fmt.Sprintf("5000%04dR", i)))
	}
	// Beta has a José Muñoz with the same ID number: never found from Alfa.
	nids["Beta José"] = num(saveMember(t, w.betaAdm, socio(w.beta, "José", "Muñoz", "11111111A"))["nid"])
	return nids
}

func memberSearch(t *testing.T, w *memberWorld) {
	nids := seedSearch(t, w)
	jose := getMember(t, w.admin, w.alfa, nids["José"])

	cases := []struct {
		q    string
		want []string
	}{
		{"&number=" + itoa(num(jose["number"])), []string{"José MUÑOZ"}},
		{"&nombre=jose", []string{"José MUÑOZ", "María José García"}},
		{"&nombre=JOSÉ", []string{"José MUÑOZ", "María José García"}},
		{"&nombre=mar", []string{"María José García", "Mario Álvarez"}},
		{"&nombre=maria%20jos", []string{"María José García"}},
		{"&nombre=ose", []string{}},
		{"&surname=munoz", []string{"José MUÑOZ"}},
		{"&surname=PEREZ", []string{"José MUÑOZ"}},
		{"&surname=nun", []string{"María José García"}},
		{"&surname=alvarez", []string{"Mario Álvarez"}},
		{"&dni=11111111a", []string{"José MUÑOZ"}},
		{"&dni=2222", []string{"María José García"}},
		{"&keychain=LLAVE-7", []string{"María José García"}},
		{"&keychain=11111111A", []string{"José MUÑOZ"}},
		{"&email=jose.munoz%40correo.es", []string{"José MUÑOZ"}},
		{"&email=mj", []string{"María José García"}},
		{"&telefono=600111", []string{"José MUÑOZ"}},
		{"&status=0", []string{"Mario Álvarez"}},
		{"&status=1&nombre=mar", []string{"María José García"}},
		{"&status=all&nombre=mar", []string{"María José García", "Mario Álvarez"}},
		{"&nombre=jose&surname=garcia", []string{"María José García"}},
		{"&nombre=ana&surname=munoz", []string{}},
		{"&nombre=mar&status=0&surname=alv", []string{"Mario Álvarez"}},
		{"&is_staff=1", []string{"Admin", "Manager", "Recepcion"}},
		{"&is_staff=1&nombre=jose", []string{}},
		// the counter's one box: each word starts the name or a surname (Beta's José Muñoz never shows)
		{"&name=Jos%C3%A9%20Mu%C3%B1oz", []string{"José MUÑOZ"}},
		{"&name=munoz%20jose", []string{"José MUÑOZ"}},
		{"&name=mar", []string{"María José García", "Mario Álvarez", "Ana Marín"}},
		{"&name=mar&status=1", []string{"María José García", "Ana Marín"}},
		{"&name=ana%20soler", []string{"Ana Marín"}},
		{"&name=ana%20munoz", []string{}},
	}
	for _, c := range cases {
		list, total := searchMembers(t, w.admin, w.alfa, c.q)
		if got := fullNames(list); !slices.Equal(got, c.want) || total != int64(len(c.want)) {
			t.Errorf("search %s: want %v, got %v (total_fichas %d)", c.q, c.want, got, total)
		}
		for _, m := range list {
			if num(m["association"]) != w.alfa {
				t.Errorf("search %s returned a member of club %v", c.q, m["association"])
			}
		}
	}

	t.Run("paging of 14", func(t *testing.T) {
		// 3 staff + 18 members = 21; is_staff=0 leaves 18: 14 then 4.
		p0, total := searchMembers(t, w.admin, w.alfa, "&is_staff=0&status=all")
		p1, total1 := searchMembers(t, w.admin, w.alfa, "&is_staff=0&status=all&page=1")
		p2, _ := searchMembers(t, w.admin, w.alfa, "&is_staff=0&status=all&page=2")
		if len(p0) != 14 || len(p1) != 4 || len(p2) != 0 || total != 18 || total1 != 18 {
			t.Fatalf("pages: %d, %d, %d rows, total_fichas %d/%d", len(p0), len(p1), len(p2), total, total1)
		}
		seen := map[int64]bool{}
		last := int64(0)
		for _, m := range append(p0, p1...) {
			n := num(m["number"])
			if seen[num(m["nid"])] || n <= last {
				t.Fatalf("pages overlap or are not in member-number order at %v", m["number"])
			}
			seen[num(m["nid"])], last = true, n
		}
		all, totalAll := searchMembers(t, w.admin, w.alfa, "")
		if len(all) != 14 || totalAll != 21 {
			t.Fatalf("no filter: %d rows, total_fichas %d (want 14 of 21)", len(all), totalAll)
		}
		if l, _ := searchMembers(t, w.admin, w.alfa, "&surname=relleno&limit=5&page=2"); len(l) != 4 {
			t.Fatalf("limit 5 page 2 of 14 fillers: want 4, got %d", len(l))
		}
		// The slash form and the staff filter.
		res := w.admin.Do("GET", "/api/ficha_socio/?association="+itoa(w.alfa)+"&is_staff=1", nil)
		expectOK(t, "slash", res)
		if num(res.JSON["total_fichas"]) != 3 {
			t.Fatalf("staff with the slash form: %s", res)
		}
	})

	t.Run("uid and nid lookups stay in the club", func(t *testing.T) {
		list, _ := searchMembers(t, w.admin, w.alfa, "&uid="+itoa(w.managerUID))
		if len(list) != 1 || num(jget(list[0], "user", "uid")) != w.managerUID || list[0]["is_staff"] != true {
			t.Fatalf("uid lookup: %v", list)
		}
		if list, total := searchMembers(t, w.admin, w.alfa, "&uid="+itoa(w.betaUID)); len(list) != 0 || total != 0 {
			t.Fatalf("a Beta user found from Alfa: %v", fullNames(list))
		}
		if list, total := searchMembers(t, w.admin, w.alfa, "&nid="+itoa(nids["Beta José"])); len(list) != 0 || total != 0 {
			t.Fatalf("a Beta member found by nid from Alfa: %v", fullNames(list))
		}
		if m := getMember(t, w.admin, w.alfa, nids["Ana"]); m["nombre"] != "Ana" {
			t.Fatalf("nid lookup: %v", m["nombre"])
		}
	})
}

// BUG: a phone saved with spaces is not found when typed without them
// (each space-separated group is indexed as a word of its own).
func memberSearchPhoneAsTyped(t *testing.T, w *memberWorld) {
	b := socio(w.alfa, "Tomás", "Teléfono", "97000001T")
	b["telefono"] = "611 22 33 44"
	saveMember(t, w.admin, b)
	for _, q := range []string{"611%2022", "611223344", "6112233"} {
		if list, _ := searchMembers(t, w.admin, w.alfa, "&telefono="+q); len(list) != 1 {
			t.Errorf("phone 611 22 33 44 searched as %q: %v", q, fullNames(list))
		}
	}
}

// BUG: staff records made from the command line or the demo (member.CreateStaff)
// get no search words, so the staff screen does not find them by name or e-mail.
func staffFromCommandLineFoundByName(t *testing.T, w *memberWorld) {
	for _, q := range []string{"&is_staff=1&nombre=manag", "&email=manager"} {
		if list, _ := searchMembers(t, w.admin, w.alfa, q); !slices.Equal(fullNames(list), []string{"Manager"}) {
			t.Errorf("search %s: want [Manager], got %v", q, fullNames(list))
		}
	}
}

// ---------------------------------------------------------------------------
// Export

func memberExport(t *testing.T, w *memberWorld) {
	seedSearch(t, w)
	const total = 21 // 3 staff and 18 members, more than a page
	url := "/api/ficha_socio/export?association=" + itoa(w.alfa)

	t.Run("csv", func(t *testing.T) {
		res := w.manager.Do("GET", url+"&format=csv", nil)
		expectOK(t, "csv", res)
		if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="socios.csv"`) {
			t.Errorf("Content-Disposition %q", cd)
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Errorf("Content-Type %q", ct)
		}
		if !bytes.HasPrefix(res.Body, []byte("\xef\xbb\xbf")) {
			t.Fatalf("no UTF-8 byte-order mark: % x", res.Body[:min(3, len(res.Body))])
		}
		r := csv.NewReader(bytes.NewReader(res.Body[3:]))
		r.Comma = ';'
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != total+1 || rows[0][0] != "Nº socio" || rows[0][1] != "Nombre" || rows[0][4] != "DNI" {
			t.Fatalf("csv: %d rows, header %v", len(rows), rows[0])
		}
		var jose []string
		for _, row := range rows[1:] {
			if row[4] == "11111111A" {
				jose = row
			}
		}
		if jose == nil || jose[1] != "José" || jose[2] != "MUÑOZ" || jose[3] != "Pérez" || jose[5] != "jose.munoz@correo.es" {
			t.Fatalf("José's row: %v", jose)
		}
		// Filters apply, paging does not.
		res = w.admin.Do("GET", url+"&format=csv&nombre=jose", nil)
		expectOK(t, "filtered csv", res)
		r = csv.NewReader(bytes.NewReader(bytes.TrimPrefix(res.Body, []byte("\xef\xbb\xbf"))))
		r.Comma = ';'
		rows, _ = r.ReadAll()
		if len(rows) != 3 || rows[1][1] != "José" || rows[2][1] != "María José" {
			t.Fatalf("filtered csv: %v", rows)
		}
	})

	t.Run("xlsx", func(t *testing.T) {
		res := w.admin.Do("GET", url+"&format=xlsx", nil)
		expectOK(t, "xlsx", res)
		if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="socios.xlsx"`) {
			t.Errorf("Content-Disposition %q", cd)
		}
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatalf("not an xlsx file: %v", err)
		}
		defer f.Close()
		rows, err := f.GetRows(f.GetSheetList()[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != total+1 || rows[0][0] != "Nº socio" {
			t.Fatalf("xlsx: %d rows, header %v", len(rows), rows[0])
		}
		found := false
		for _, row := range rows[1:] {
			found = found || (len(row) > 4 && row[1] == "María José" && row[3] == "Núñez" && row[4] == "22222222B")
		}
		if !found {
			t.Fatal("María José García Núñez is not in the sheet")
		}
		// Without a format the file is the spreadsheet.
		if res := w.admin.Do("GET", url, nil); !strings.Contains(res.Header.Get("Content-Disposition"), "socios.xlsx") {
			t.Fatalf("default format: %q", res.Header.Get("Content-Disposition"))
		}
	})

	t.Run("Recepción may not export", func(t *testing.T) {
		for _, f := range []string{"csv", "xlsx"} {
			expectErr(t, "Recepción "+f, w.recepcion.Do("GET", url+"&format="+f, nil), 403, "access.role", "Access denied for user recepcion")
		}
	})
}

// ---------------------------------------------------------------------------
// Delete

func memberDelete(t *testing.T, w *memberWorld) {
	k := w.k
	docs := listBody(t, uploadDocs(t, w.admin, w.alfa, upFile{"contrato.pdf", pdfDoc}))
	body := socio(w.alfa, "Lola", "Borrada", "40000001L")
	body["email"], body["telefono"], body["online_account"] = "lola@correo.es", "600400400", true
	body["foto"] = dataURL("image/png", smallPNG(t, color.RGBA{1, 2, 3, 255}))
	body["documents"] = []string{docs[0]["fid"].(string)}
	m := saveMember(t, w.admin, body)
	nid := num(m["nid"])
	g := socio(w.alfa, "Gema", "Avalada", "40000002G")
	g["endorsement_member"] = []int64{nid}
	guarded := saveMember(t, w.admin, g)
	now := time.Now().Unix()
	for i, action := range []string{"ENTRA", "SALE"} {
		expectOK(t, action, w.admin.Do("POST", "/api/checkin_checkout/"+itoa(nid), map[string]any{"association": w.alfa, "datetime": now - 600 + int64(i)*60, "action": action}))
	}

	expectErr(t, "Recepción deletes", w.recepcion.Do("DELETE", "/api/ficha_socio/"+itoa(nid)+"?association="+itoa(w.alfa), nil), 403, "access.role", "")
	expectErr(t, "Beta deletes Alfa's member", w.betaAdm.Do("DELETE", "/api/ficha_socio/"+itoa(nid)+"?association="+itoa(w.beta), nil), 404, "member.not_found", "")
	if k.Count("members", "id = ? AND deleted = 0 AND nombre = ?", nid, "Lola") != 1 {
		t.Fatal("a refused delete changed the member")
	}

	expectOK(t, "delete", w.manager.Do("DELETE", "/api/ficha_socio/"+itoa(nid)+"?association="+itoa(w.alfa), nil))
	var row struct {
		Nombre, Surname, DNI, Email, Telefono, Keychain, Photo string
		UserID                                                 *int64 `db:"user_id"`
	}
	if err := k.App.DB.Get(context.Background(), &row, `SELECT nombre, surname, dni, email, telefono, keychain, photo, user_id FROM members WHERE id = ?`, nid); err != nil {
		t.Fatalf("the members row is gone: %v", err)
	}
	if row.Nombre == "Lola" || row.Nombre == "" || row.Surname != "" || row.DNI != "" || row.Email != "" || row.Telefono != "" ||
		row.Keychain != "" || row.Photo != "" || row.UserID != nil {
		t.Fatalf("personal data kept: %+v", row)
	}
	for table, where := range map[string]string{"member_terms": "member_id = ?", "member_documents": "member_id = ?",
		"member_endorsements": "endorser_id = ?"} {
		if n := k.Count(table, where, nid); n != 0 {
			t.Errorf("%s rows of the deleted member: %d", table, n)
		}
	}
	if n := k.Count("access_events", "member_id = ?", nid); n != 2 {
		t.Fatalf("access events of the deleted member: want 2, got %d", n)
	}
	if got := getMember(t, w.admin, w.alfa, num(guarded["nid"])); len(got["endorsement_member"].([]any)) != 0 {
		t.Errorf("the deleted member still guarantees: %v", got["endorsement_member"])
	}
	for _, q := range []string{"&nombre=lola", "&surname=borrada", "&dni=40000001", "&email=lola", "&telefono=600400", "&nid=" + itoa(nid), "&keychain=40000001L"} {
		if list, total := searchMembers(t, w.admin, w.alfa, q); len(list) != 0 || total != 0 {
			t.Errorf("deleted member found by %s: %v", q, fullNames(list))
		}
	}
	expectErr(t, "by dni", w.admin.Do("GET", "/api/ficha_by_dni?association="+itoa(w.alfa)+"&dni=40000001L", nil), 404, "member.not_found", "")
	expectErr(t, "delete again", w.admin.Do("DELETE", "/api/ficha_socio/"+itoa(nid)+"?association="+itoa(w.alfa), nil), 404, "member.not_found", "")
	// The access report still shows the visits.
	res := w.admin.Do("GET", fmt.Sprintf("/api/checkin_checkout?association=%d&start_date=%d&end_date=%d", w.alfa, now-3600, now), nil)
	expectOK(t, "access history", res)
	data := objects(t, res.JSON["data"])
	if len(data) != 2 || num(jget(data[0], "membercard", "number")) != num(m["number"]) || jget(data[0], "membercard", "dni") != "" {
		t.Fatalf("access history after delete: %s", res)
	}
	// The ID number is free again.
	saveMember(t, w.admin, socio(w.alfa, "Lola", "Vuelve", "40000001L"))

	t.Run("staff cannot delete their own record", func(t *testing.T) {
		self, _ := searchMembers(t, w.admin, w.alfa, "&uid="+itoa(w.adminUID))
		if len(self) != 1 {
			t.Fatalf("admin's own record: %v", self)
		}
		res := w.admin.Do("DELETE", "/api/ficha_socio/"+itoa(num(self[0]["nid"]))+"?association="+itoa(w.alfa), nil)
		expectErr(t, "delete self", res, 400, "member.delete_self", "No puedes eliminar tu propia ficha de socio")
		expectOK(t, "still staff", w.admin.Do("GET", "/api/association/retrieve?association="+itoa(w.alfa), nil))
	})
}

// ---------------------------------------------------------------------------
// Documents and photo

func memberFiles(t *testing.T, w *memberWorld) {
	k := w.k
	png := smallPNG(t, color.RGBA{10, 200, 30, 255})

	res := uploadDocs(t, w.recepcion, w.alfa, upFile{"dni.pdf", pdfDoc}, upFile{"foto-dni.png", png})
	expectOK(t, "upload", res)
	docs := listBody(t, res)
	if len(docs) != 2 || docs[0]["name"] != "dni.pdf" || docs[1]["name"] != "foto-dni.png" {
		t.Fatalf("upload reply: %s", res)
	}
	for _, d := range docs {
		if !fileURL.MatchString(d["url"].(string)) || d["url"] != "/api/files/"+d["fid"].(string) {
			t.Fatalf("document reference: %v", d)
		}
	}

	t.Run("refused uploads", func(t *testing.T) {
		before := writes(k)
		expectErr(t, "text file", uploadDocs(t, w.admin, w.alfa, upFile{"notas.pdf", []byte("esto es texto, no un PDF")}), 400, "file.type", "")
		big := append(append([]byte{}, pdfDoc...), make([]byte, 10<<20)...)
		expectErr(t, "over 10 MB", uploadDocs(t, w.admin, w.alfa, upFile{"grande.pdf", big}), 400, "file.too_large", "")
		expectNoWrites(t, k, "refused uploads", before)
	})

	// Attached to a member, shown with the member and served to the club's staff only.
	body := socio(w.alfa, "Doc", "Umentos", "60000001D")
	body["documents"] = []string{docs[0]["fid"].(string), docs[1]["fid"].(string)}
	body["foto"] = dataURL("image/png", png)
	m := saveMember(t, w.admin, body)
	got := objects(t, m["documents"])
	if len(got) != 2 || got[0]["name"] != "dni.pdf" || got[0]["fid"] != docs[0]["fid"] || got[1]["url"] != docs[1]["url"] {
		t.Fatalf("member documents: %v", m["documents"])
	}
	for _, d := range docs {
		f := w.manager.Do("GET", d["url"].(string), nil)
		expectOK(t, "file to staff", f)
		if d["name"] == "dni.pdf" && (!bytes.Equal(f.Body, pdfDoc) || f.Header.Get("Content-Type") != "application/pdf") {
			t.Fatalf("served PDF: %q, %d bytes", f.Header.Get("Content-Type"), len(f.Body))
		}
		expectErr(t, "file to another club's staff", w.betaAdm.Do("GET", d["url"].(string), nil), 403, "access.denied", "Access denied for user betaadmin")
	}
	foto := jget(m, "foto", "url").(string)
	if !fileURL.MatchString(foto) {
		t.Fatalf("foto.url %q", foto)
	}
	f := w.recepcion.Do("GET", foto, nil)
	expectOK(t, "photo", f)
	if !bytes.Equal(f.Body, png) || f.Header.Get("Content-Type") != "image/png" {
		t.Fatal("the served photo differs from the upload")
	}
	expectErr(t, "photo to another club", w.betaAdm.Do("GET", foto, nil), 403, "access.denied", "")

	// Removing a document keeps the other; the stored URL keeps the photo.
	res = edit(w.admin, w.alfa, num(m["nid"]), map[string]any{"documents": []string{docs[1]["fid"].(string)}, "foto": foto})
	expectOK(t, "keep one document", res)
	if d := objects(t, res.JSON["documents"]); len(d) != 1 || d[0]["name"] != "foto-dni.png" || jget(res.JSON, "foto", "url") != foto {
		t.Fatalf("after edit: %s", res)
	}

	t.Run("another club's file cannot be attached", func(t *testing.T) {
		bdocs := listBody(t, uploadDocs(t, w.betaAdm, w.beta, upFile{"beta.pdf", pdfDoc}))
		before := writes(k)
		b := socio(w.alfa, "Ajeno", "Documento", "60000002A")
		b["documents"] = []string{bdocs[0]["fid"].(string)}
		expectErr(t, "Beta's file on an Alfa member", w.admin.Do("POST", "/api/ficha_socio", b), 400, "member.file_unknown", "")
		b["documents"] = nil
		b["foto"] = bdocs[0]["url"]
		expectErr(t, "Beta's file as photo", w.admin.Do("POST", "/api/ficha_socio", b), 400, "member.file_unknown", "")
		expectNoWrites(t, k, "foreign files", before)
	})

	t.Run("a photo that is not an image", func(t *testing.T) {
		before := writes(k)
		b := socio(w.alfa, "Foto", "Mala", "60000003F")
		for _, bad := range []string{dataURL("image/png", []byte("no soy una imagen")), "data:image/png;base64,%%%"} {
			b["foto"] = bad
			expectErr(t, "bad photo on create", w.admin.Do("POST", "/api/ficha_socio", b), 400, "file.not_image", "")
			expectErr(t, "bad photo on edit", edit(w.admin, w.alfa, num(m["nid"]), map[string]any{"foto": bad, "nombre": "Otro"}), 400, "file.not_image", "")
		}
		expectNoWrites(t, k, "bad photos", before)
		if got := getMember(t, w.admin, w.alfa, num(m["nid"])); jget(got, "foto", "url") != foto || got["nombre"] != "Doc" {
			t.Fatalf("a refused photo changed the member: %v", got)
		}
	})
}

// BUG: the files before the refused one are stored although the reply is 400.
func uploadRefusedStoresNothing(t *testing.T, w *memberWorld) {
	before := writes(w.k)
	res := uploadDocs(t, w.admin, w.alfa, upFile{"ok.pdf", append(slices.Clone(pdfDoc), 'x')}, upFile{"mal.txt", []byte("hola")})
	expectErr(t, "a good file with a bad one", res, 400, "file.type", "")
	expectNoWrites(t, w.k, "a good file with a bad one", before)
}

// ---------------------------------------------------------------------------
// Look-ups by ID number, key fob or number

func memberLookups(t *testing.T, w *memberWorld) {
	b := socio(w.alfa, "Iris", "Escaneada", "70000001I")
	b["keychain"], b["number"] = "NFC-AB12", 77
	m := saveMember(t, w.admin, b)
	saveMember(t, w.betaAdm, socio(w.beta, "Iris", "En Beta", "70000002I"))
	a := "?association=" + itoa(w.alfa)

	for _, q := range []string{"70000001I", "70000001i", "70000001-I", "%2070000001I%20"} {
		res := w.recepcion.Do("GET", "/api/ficha_by_dni"+a+"&dni="+q, nil)
		expectOK(t, "ficha_by_dni "+q, res)
		if num(res.JSON["nid"]) != num(m["nid"]) {
			t.Fatalf("ficha_by_dni %s: %s", q, res)
		}
	}
	for _, code := range []string{"70000001I", "NFC-AB12", "77"} {
		res := w.recepcion.Do("GET", "/api/getpatientbydni/retrieve"+a+"&dni="+code, nil)
		expectOK(t, "retrieve "+code, res)
		if num(res.JSON["nid"]) != num(m["nid"]) || res.JSON["nombre"] != "Iris" {
			t.Fatalf("retrieve %s: %s", code, res)
		}
	}
	for _, code := range []string{"99999999Z", "NFC-0000", "78", "70000002I"} {
		expectErr(t, "retrieve "+code, w.recepcion.Do("GET", "/api/getpatientbydni/retrieve"+a+"&dni="+code, nil), 404, "member.not_found", "Socio no encontrado")
	}
	expectErr(t, "ficha_by_dni unknown", w.recepcion.Do("GET", "/api/ficha_by_dni"+a+"&dni=99999999Z", nil), 404, "member.not_found", "Socio no encontrado")
	expectErr(t, "ficha_by_dni of Beta's member", w.recepcion.Do("GET", "/api/ficha_by_dni"+a+"&dni=70000002I", nil), 404, "member.not_found", "")
}

// A code that normalises to nothing must not match the records that have no
// ID number (staff records made from the command line have none).
func memberLookupBlankCode(t *testing.T, w *memberWorld) {
	a := "?association=" + itoa(w.alfa)
	for _, code := range []string{"-", "%20.%20", "%20"} {
		expectErr(t, "ficha_by_dni "+code, w.recepcion.Do("GET", "/api/ficha_by_dni"+a+"&dni="+code, nil), 404, "member.not_found", "")
		expectErr(t, "retrieve "+code, w.recepcion.Do("GET", "/api/getpatientbydni/retrieve"+a+"&dni="+code, nil), 404, "member.not_found", "")
	}
}

// ---------------------------------------------------------------------------
// New member registration (patient_dni)

func memberRegister(t *testing.T, w *memberWorld) {
	k := w.k
	reg := func(fields map[string]any) map[string]any {
		b := map[string]any{"cid": w.alfa, "name": "Nuria", "surname": "Registro", "dni": "80000001N", "tlf": "600800800",
			"email": "nuria@correo.es", "birthdate": 662688000, "mjid": "", "sendsms": false}
		for key, v := range fields {
			b[key] = v
		}
		return b
	}
	for what, fields := range map[string]map[string]any{
		"no DNI": {"dni": ""}, "blank DNI": {"dni": "  "}, "no phone": {"tlf": ""}, "neither": {"dni": "", "tlf": ""},
	} {
		before := writes(k)
		expectErr(t, what, w.recepcion.Do("POST", "/api/patient_dni", reg(fields)), 400, "member.dni_phone_required", "Los campos DNI y Teléfono son obligatorios")
		expectNoWrites(t, k, what, before)
	}

	users := k.Count("users", "")
	res := w.recepcion.Do("POST", "/api/patient_dni", reg(map[string]any{"mjid": "150", "sendsms": true}))
	expectOK(t, "register", res)
	if res.Message() != "El socio se a registrado correctamente" {
		t.Fatalf("message %q", res.Message())
	}
	m, _ := res.JSON["member"].(map[string]any)
	if num(m["number"]) != 150 || m["dni"] != "80000001N" || m["telefono"] != "600800800" || m["online_account"] != true ||
		num(jget(m, "user", "uid")) == 0 || num(m["birthdate"]) != 662688000 || m["nombre"] != "Nuria" {
		t.Fatalf("registered member: %v", m)
	}
	if k.Count("users", "") != users+1 {
		t.Fatal("no online account was made")
	}
	// No SMS provider: the invitation is stored as not sent, never as sent.
	if res.JSON["sms"] != "not_sent" {
		t.Fatalf("sms state %v, want not_sent", res.JSON["sms"])
	}
	nid := num(m["nid"])
	if k.Count("messages", "member_id = ? AND channel = 'sms' AND state = 'not_sent' AND recipient = '+34600800800'", nid) != 1 ||
		k.Count("messages", "club_id = ? AND state = 'sent'", w.alfa) != 0 {
		t.Fatal("the invitation SMS is not stored as not_sent")
	}

	// Without sendsms no message; without mjid the next number.
	res = w.recepcion.Do("POST", "/api/patient_dni", reg(map[string]any{"dni": "80000002N", "email": "", "tlf": "600800801"}))
	expectOK(t, "register without SMS", res)
	if res.JSON["sms"] != "" || num(jget(res.JSON, "member", "number")) != 151 || k.Count("messages", "club_id = ?", w.alfa) != 1 {
		t.Fatalf("register without SMS: %s", res)
	}
	// The same ID number again names the member who has it.
	before := writes(k)
	expectErr(t, "registered twice", w.recepcion.Do("POST", "/api/patient_dni", reg(nil)), 400, "member.dni_taken",
		"El DNI 80000001N ya está registrado en el socio nº 150 (Nuria Registro)")
	expectNoWrites(t, k, "registered twice", before)
}

// ---------------------------------------------------------------------------
// SMS invitation and push, without providers

func memberSMSAndPush(t *testing.T, w *memberWorld) {
	k := w.k
	on := socio(w.alfa, "Olga", "Online", "90000001O")
	on["online_account"], on["telefono"] = true, "600900900"
	online := saveMember(t, w.admin, on)
	uid := num(jget(online, "user", "uid"))
	// Linked once, then the online account switched off.
	off := socio(w.alfa, "Fede", "Offline", "90000002F")
	off["online_account"] = true
	offline := saveMember(t, w.admin, off)
	offUID := num(jget(offline, "user", "uid"))
	expectOK(t, "online account off", edit(w.admin, w.alfa, num(offline["nid"]), map[string]any{"online_account": false}))

	t.Run("SMS invitation", func(t *testing.T) {
		res := w.manager.Do("POST", "/api/tlf_resend_code", map[string]any{"asocid": w.alfa, "uid": uid, "tlf": "611 222 333", "country_code": "351"})
		expectOK(t, "invite", res)
		if res.JSON["state"] != "not_sent" || res.Message() == "SMS de invitación enviado correctamente" || !strings.Contains(res.Message(), "no se ha enviado") {
			t.Fatalf("invite without provider: %s", res)
		}
		if k.Count("messages", "member_id = ? AND channel = 'sms' AND state = 'not_sent' AND recipient = '+351611222333'", num(online["nid"])) != 1 {
			t.Fatal("the invitation is not stored as not_sent")
		}
		if got := getMember(t, w.admin, w.alfa, num(online["nid"])); got["telefono"] != "611 222 333" || got["country_code"] != "351" {
			t.Fatalf("the new phone was not saved: %v %v", got["telefono"], got["country_code"])
		}
		before := writes(k)
		expectErr(t, "no online account", w.manager.Do("POST", "/api/tlf_resend_code", map[string]any{"asocid": w.alfa, "uid": w.betaUID, "tlf": "600000000", "country_code": "34"}),
			400, "member.no_online_account", "Este socio no dispone de cuenta online")
		expectErr(t, "letters in the phone", w.manager.Do("POST", "/api/tlf_resend_code", map[string]any{"asocid": w.alfa, "uid": uid, "tlf": "6OO-ABC", "country_code": "34"}),
			400, "member.phone_invalid", "")
		expectNoWrites(t, k, "refused invitations", before)
	})

	t.Run("push", func(t *testing.T) {
		push := func(body string, uids ...int64) *testkit.Response {
			return w.admin.Do("POST", "/api/notification/create", map[string]any{"association": w.alfa, "body": body, "uids": uids})
		}
		before := writes(k)
		expectErr(t, "empty", push("", uid), 400, "push.body_required", "Tienes que escribir algo antes")
		expectErr(t, "blank", push("   \n ", uid), 400, "push.body_required", "Tienes que escribir algo antes")
		expectErr(t, "201 characters", push(strings.Repeat("é", 201), uid), 400, "push.body_too_long", "")
		expectErr(t, "online account off", push("Hola", uid, offUID), 400, "member.no_online_account", "Este socio no dispone de cuenta online")
		expectErr(t, "not a member of the club", push("Hola", w.betaUID), 400, "member.no_online_account", "Este socio no dispone de cuenta online")
		expectErr(t, "nobody", push("Hola"), 400, "push.no_recipients", "")
		expectNoWrites(t, k, "refused pushes", before)

		res := push(strings.Repeat("é", 200), uid, w.managerUID)
		expectOK(t, "push", res)
		if num(res.JSON["sent"]) != 0 || num(res.JSON["not_sent"]) != 2 || res.Message() == "Notificación enviada correctamente" {
			t.Fatalf("push without provider: %s", res)
		}
		if n := k.Count("messages", "club_id = ? AND channel = 'push' AND state = 'not_sent'", w.alfa); n != 2 {
			t.Fatalf("push rows not_sent: want 2, got %d", n)
		}
		if n := k.Count("messages", "club_id = ? AND state = 'sent'", w.alfa); n != 0 {
			t.Fatalf("%d messages stored as sent with no provider", n)
		}
	})
}

// With an SMS gateway configured the invitations are sent, and a refusing
// gateway is reported as failed.
func TestMemberSMSWithGateway(t *testing.T) {
	g := &smsGateway{status: http.StatusOK}
	srv := httptest.NewServer(g)
	defer srv.Close()
	t.Setenv("SOCIUS_SMS_URL", srv.URL)
	// one gateway for both engines: they take turns
	testkit.EachInTurn(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		g.mu.Lock()
		g.status, g.got = http.StatusOK, nil
		g.mu.Unlock()
		res := w.recepcion.Do("POST", "/api/patient_dni", map[string]any{"cid": w.alfa, "name": "Sara", "surname": "Sms",
			"dni": "91000001S", "mjid": "", "email": "", "tlf": "600 910 910", "birthdate": 0, "sendsms": true})
		expectOK(t, "register with SMS", res)
		if res.JSON["sms"] != "sent" {
			t.Fatalf("sms state %v, want sent", res.JSON["sms"])
		}
		got := g.received()
		if len(got) != 1 || got[0]["to"] != "+34600910910" || !strings.Contains(got[0]["text"], "Alfa") || !strings.Contains(got[0]["text"], "token=") {
			t.Fatalf("gateway received %v", got)
		}
		uid := num(jget(res.JSON, "member", "user", "uid"))
		res = w.admin.Do("POST", "/api/tlf_resend_code", map[string]any{"asocid": w.alfa, "uid": uid, "tlf": "600910910", "country_code": ""})
		expectOK(t, "resend", res)
		if res.JSON["state"] != "sent" || res.Message() != "SMS de invitación enviado correctamente" {
			t.Fatalf("resend: %s", res)
		}

		g.mu.Lock()
		g.status = http.StatusInternalServerError
		g.mu.Unlock()
		res = w.admin.Do("POST", "/api/tlf_resend_code", map[string]any{"asocid": w.alfa, "uid": uid, "tlf": "600910910", "country_code": ""})
		expectOK(t, "resend to a failing gateway", res)
		if res.JSON["state"] != "failed" || res.Message() == "SMS de invitación enviado correctamente" {
			t.Fatalf("failing gateway: %s", res)
		}
		if k.Count("messages", "club_id = ? AND state = 'sent'", w.alfa) != 2 || k.Count("messages", "club_id = ? AND state = 'failed'", w.alfa) != 1 {
			t.Fatalf("stored states: sent %d failed %d", k.Count("messages", "club_id = ? AND state = 'sent'", w.alfa), k.Count("messages", "club_id = ? AND state = 'failed'", w.alfa))
		}
	})
}

// ---------------------------------------------------------------------------
// Member categories

func memberCategories(t *testing.T, w *memberWorld) {
	k := w.k
	create := func(c *testkit.Client, club int64, title string, descuento int) *testkit.Response {
		return c.Do("POST", "/api/membership_category", map[string]any{"association": club, "title": title, "descuento": descuento})
	}
	list := func() []map[string]any {
		res := w.recepcion.Do("GET", "/api/membership_category/?association="+itoa(w.alfa), nil)
		expectOK(t, "list", res)
		return listBody(t, res)
	}
	cats := k.Count("club_categories", "")
	for what, r := range map[string]*testkit.Response{
		"101":         create(w.admin, w.alfa, "Demasiado", 101),
		"-1":          create(w.admin, w.alfa, "Negativo", -1),
		"empty title": create(w.admin, w.alfa, "", 10),
		"blank title": create(w.admin, w.alfa, "  ", 10),
	} {
		if r.Status != 400 || !strings.HasPrefix(r.Code(), "category.") {
			t.Errorf("category %s: want 400 category.*, got %s", what, r)
		}
	}
	if k.Count("club_categories", "") != cats {
		t.Fatal("refused categories were stored")
	}
	vip := create(w.admin, w.alfa, "VIP", 100)
	expectOK(t, "VIP", vip)
	expectOK(t, "Básica", create(w.manager, w.alfa, "Básica", 0))
	beta := create(w.betaAdm, w.beta, "Beta", 5)
	expectOK(t, "Beta", beta)
	vipID, betaID := num(vip.JSON["nid"]), num(beta.JSON["nid"])
	if got := list(); len(got) != 2 || got[0]["title"] != "Básica" || got[1]["title"] != "VIP" || num(got[1]["descuento"]) != 100 {
		t.Fatalf("list: %v", got)
	}

	put := func(c *testkit.Client, club, nid int64, title string, descuento int) *testkit.Response {
		return c.Do("PUT", "/api/membership_category/"+itoa(nid), map[string]any{"association": club, "title": title, "descuento": descuento})
	}
	res := put(w.admin, w.alfa, vipID, "VIP Oro", 50)
	expectOK(t, "update", res)
	if res.JSON["title"] != "VIP Oro" || num(res.JSON["descuento"]) != 50 {
		t.Fatalf("update: %s", res)
	}
	expectErr(t, "update to 101", put(w.admin, w.alfa, vipID, "VIP", 101), 400, "category.discount_range", "")
	expectErr(t, "update another club's", put(w.admin, w.alfa, betaID, "Robada", 1), 404, "category.not_found", "")
	expectErr(t, "delete another club's", w.admin.Do("DELETE", "/api/membership_category/"+itoa(betaID)+"?association="+itoa(w.alfa), nil), 404, "category.not_found", "")
	if k.Count("club_categories", "id = ? AND title = 'Beta' AND descuento = 5", betaID) != 1 {
		t.Fatal("Beta's category was changed from Alfa")
	}
	expectErr(t, "Recepción creates", create(w.recepcion, w.alfa, "Nueva", 1), 403, "access.role", "")

	// A member in the category, then the category deleted.
	b := socio(w.alfa, "Cata", "Categoría", "95000001C")
	b["category_member"] = vipID
	m := saveMember(t, w.admin, b)
	if cm, _ := m["category_member"].(map[string]any); num(cm["nid"]) != vipID || cm["title"] != "VIP Oro" || num(cm["descuento"]) != 50 {
		t.Fatalf("member category: %v", m["category_member"])
	}
	b = socio(w.alfa, "Otra", "Categoría", "95000002C")
	b["category_member"] = betaID
	expectErr(t, "another club's category on a member", w.admin.Do("POST", "/api/ficha_socio", b), 400, "member.category_unknown", "")

	expectOK(t, "delete", w.admin.Do("DELETE", "/api/membership_category/"+itoa(vipID)+"?association="+itoa(w.alfa), nil))
	if got := getMember(t, w.admin, w.alfa, num(m["nid"])); got["category_member"] != nil {
		t.Fatalf("member keeps a deleted category: %v", got["category_member"])
	}
	if k.Count("members", "id = ? AND category_id IS NULL", num(m["nid"])) != 1 {
		t.Fatal("category_id still set")
	}
	// The member can be edited afterwards.
	expectOK(t, "edit after delete", edit(w.admin, w.alfa, num(m["nid"]), map[string]any{"notes": "sin categoría"}))
	if got := list(); len(got) != 1 || got[0]["title"] != "Básica" {
		t.Fatalf("list after delete: %v", got)
	}
	expectErr(t, "delete again", w.admin.Do("DELETE", "/api/membership_category/"+itoa(vipID)+"?association="+itoa(w.alfa), nil), 404, "category.not_found", "")
}

// ---------------------------------------------------------------------------
// Check-in and check-out

func memberCheckInOut(t *testing.T, w *memberWorld) {
	k := w.k
	b := socio(w.alfa, "Elena", "Entrada", "96000001E")
	b["surname2"] = "Salida"
	m := saveMember(t, w.admin, b)
	nid := num(m["nid"])
	bm := saveMember(t, w.betaAdm, socio(w.beta, "Bruno", "Beta", "96000002B"))
	now := time.Now().Unix()
	check := func(c *testkit.Client, club, nid int64, at int64, action string) *testkit.Response {
		return c.Do("POST", "/api/checkin_checkout/"+itoa(nid), map[string]any{"association": club, "datetime": at, "action": action})
	}

	res := check(w.recepcion, w.alfa, nid, now-7200, "ENTRA")
	expectOK(t, "check in", res)
	if res.JSON["action"] != "ENTRA" || num(res.JSON["datetime"]) != now-7200 || num(res.JSON["patient_id"]) != nid {
		t.Fatalf("check in reply: %s", res)
	}
	expectOK(t, "check out", check(w.manager, w.alfa, nid, now-3600, "SALE"))
	if k.Count("access_events", "member_id = ? AND action = 'ENTRA' AND datetime = ? AND staff_user_id = ?", nid, now-7200, w.recepcionUID) != 1 ||
		k.Count("access_events", "member_id = ? AND action = 'SALE' AND datetime = ? AND staff_user_id = ?", nid, now-3600, w.managerUID) != 1 {
		t.Fatal("events not recorded with their staff user and time")
	}
	// Without a time: now.
	res = check(w.admin, w.alfa, nid, 0, "ENTRA")
	expectOK(t, "check in now", res)
	if at := num(res.JSON["datetime"]); at < now || at > time.Now().Unix() {
		t.Fatalf("datetime 0 recorded as %d", at)
	}
	expectOK(t, "Beta's event", check(w.betaAdm, w.beta, num(bm["nid"]), now-100, "ENTRA"))

	events := k.Count("access_events", "")
	for _, action := range []string{"DENTRO", "", "entra"} {
		if r := check(w.admin, w.alfa, nid, now, action); r.Status != 400 {
			t.Errorf("action %q: want 400, got %s", action, r)
		}
	}
	expectErr(t, "in the future", check(w.admin, w.alfa, nid, now+86400, "ENTRA"), 400, "access.future", "")
	expectErr(t, "another club's member", check(w.admin, w.alfa, num(bm["nid"]), now, "ENTRA"), 404, "member.not_found", "")
	expectOK(t, "deactivate", edit(w.admin, w.alfa, nid, map[string]any{"status_member": 0}))
	expectErr(t, "inactive member checks in", check(w.admin, w.alfa, nid, now, "ENTRA"), 400, "access.inactive", "")
	if n := k.Count("access_events", ""); n != events {
		t.Fatalf("refused check-ins wrote %d rows", n-events)
	}

	hist := func(q string) []map[string]any {
		res := w.manager.Do("GET", "/api/checkin_checkout?association="+itoa(w.alfa)+q, nil)
		expectOK(t, "history "+q, res)
		return objects(t, res.JSON["data"])
	}
	all := hist(fmt.Sprintf("&start_date=%d&end_date=%d", now-86400, now+60))
	if len(all) != 3 {
		t.Fatalf("history: want Alfa's 3 events, got %v", all)
	}
	want := map[string]any{"number": m["number"], "nombre": "Elena", "surname": "Entrada", "surname2": "Salida", "dni": "96000001E"}
	if !reflect.DeepEqual(all[0]["membercard"], want) || all[0]["action"] != "ENTRA" || all[1]["action"] != "SALE" || num(all[1]["datetime"]) != now-3600 {
		t.Fatalf("history rows: %v", all)
	}
	if got := hist(fmt.Sprintf("&start_date=%d&end_date=%d", now-5400, now-1800)); len(got) != 1 || got[0]["action"] != "SALE" {
		t.Fatalf("history of a window: %v", got)
	}
	// a report about another club's member is refused, not answered empty
	expectErr(t, "Beta's member in Alfa's history", w.manager.Do("GET", fmt.Sprintf("/api/checkin_checkout?association=%d&start_date=%d&end_date=%d&card_id=%d",
		w.alfa, now-86400, now+60, num(bm["nid"])), nil), 404, "member.not_found", "")
	expectErr(t, "Recepción reads the report", w.recepcion.Do("GET", fmt.Sprintf("/api/checkin_checkout?association=%d&start_date=0&end_date=%d", w.alfa, now), nil), 403, "access.role", "")
}

// TestPushSubscription: a logged-in user registers a device once (the same
// endpoint again moves it, never duplicates it); a bad endpoint is refused.
func TestPushSubscription(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		club := k.Club("Alfa", "socios")
		k.User("ana", club, "Administrador")
		c := k.Client()
		if res := c.Login("ana", testkit.Password); res.Status != 200 {
			t.Fatal(res)
		}
		sub := map[string]any{"endpoint": "https://push.example/abc", "keys": map[string]string{"p256dh": "BPk", "auth": "xyz"}}
		for range 2 {
			if res := c.Do("POST", "/api/push_subscription", sub); res.Status != 200 {
				t.Fatalf("subscribe: %s", res)
			}
		}
		if n := k.Count("push_subscriptions", "endpoint = ?", "https://push.example/abc"); n != 1 {
			t.Fatalf("subscriptions: %d, want 1", n)
		}
		sub["endpoint"] = "http://insecure.example/x"
		if res := c.Do("POST", "/api/push_subscription", sub); res.Status != 400 || res.Code() != "push.endpoint_invalid" {
			t.Fatalf("http endpoint: %s", res)
		}
		if res := c.Do("GET", "/api/push_public_key", nil); res.Status != 200 || res.JSON["key"] != "" {
			t.Fatalf("no VAPID key configured: %s", res)
		}
	})
}

// TestPushToAll: the mass push reaches every active member with an online
// account of the club, and no one else.
func TestPushToAll(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		club := k.Club("Alfa", "socios", "comunicacion")
		other := k.Club("Beta", "socios")
		k.User("ana", club, "Administrador")
		k.User("eva", other, "Administrador")
		c := k.Client()
		if res := c.Login("ana", testkit.Password); res.Status != 200 {
			t.Fatal(res)
		}
		yes := true
		for i, dni := range []string{"11111111H", "22222222J", "33333333P"} {
			n, s := fmt.Sprintf("Socio%d", i), "Prueba"
			in := map[string]any{"association": club, "nombre": n, "surname": s, "dni": dni, "email": fmt.Sprintf("s%d@example.test", i)}
			if i < 2 {
				in["online_account"] = yes
			}
			if res := c.Do("POST", "/api/ficha_socio", in); res.Status != 200 {
				t.Fatalf("member %d: %s", i, res)
			}
		}
		res := c.Do("POST", "/api/notification/create", map[string]any{"association": club, "body": "Hola a todos", "all": true})
		// ana herself (staff, online account) and the two members with an account
		if res.Status != 200 || res.JSON["not_sent"] != float64(3) {
			t.Fatalf("push to all: %s", res)
		}
		if n := k.Count("messages", "club_id = ? AND channel = 'push'", club); n != 3 {
			t.Fatalf("push rows: %d, want 3", n)
		}
		if n := k.Count("messages", "club_id = ?", other); n != 0 {
			t.Fatalf("another club's members got the push: %d", n)
		}
	})
}

// TestMemberLimitsAreSupervisors: a member's monthly consumption forecast and
// negative wallet are limits the counter enforces, and only a Manager or an
// Administrador may let a sale pass the forecast; so only they set those
// limits. Recepción saves the rest of the member (sending the values the
// member already has, or none), and a member it creates gets the club's
// default forecast and no negative wallet.
func TestMemberLimitsAreSupervisors(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		const msg = "Solo un Manager o un Administrador puede cambiar la previsión de consumo de un socio o dejar que su monedero quede en negativo"
		body := socio(w.alfa, "Lola", "Límite", "30000001A")
		body["consum_forecast"] = 30
		nid := num(saveMember(t, w.admin, body)["nid"])
		type limits struct {
			Nombre   string `db:"nombre"`
			Forecast int64  `db:"consum_forecast"`
			Negative int    `db:"monedero_negativo"`
		}
		stored := func() limits {
			t.Helper()
			var l limits
			if err := k.App.DB.Get(t.Context(), &l, `SELECT nombre, consum_forecast, monedero_negativo FROM members WHERE id = ?`, nid); err != nil {
				t.Fatal(err)
			}
			return l
		}
		start := stored()
		for _, c := range []struct {
			what   string
			fields map[string]any
		}{
			{"raises the forecast", map[string]any{"nombre": "Lolita", "consum_forecast": 500}},
			{"lowers the forecast", map[string]any{"consum_forecast": 0}},
			{"lets the wallet go negative", map[string]any{"nombre": "Lolita", "monedero_negativo": true}},
			{"both", map[string]any{"consum_forecast": 31, "monedero_negativo": 1}},
		} {
			before := writes(k)
			expectErr(t, "recepción "+c.what, edit(w.recepcion, w.alfa, nid, c.fields), 403, "member.limits_supervisor_only", msg)
			expectNoWrites(t, k, "recepción "+c.what, before)
			if got := stored(); got != start {
				t.Fatalf("recepción %s: refused, yet the member went from %+v to %+v", c.what, start, got)
			}
		}
		// The member form sends every field with the member's own values: that saves.
		expectOK(t, "recepción saves with the same limits", edit(w.recepcion, w.alfa, nid,
			map[string]any{"nombre": "Lolita", "consum_forecast": 30, "monedero_negativo": false}))
		expectOK(t, "recepción saves without the limits", edit(w.recepcion, w.alfa, nid, map[string]any{"notes": "Prefiere SMS"}))
		if got := stored(); got.Nombre != "Lolita" || got.Forecast != 30 || got.Negative != 0 {
			t.Fatalf("recepción's edits: %+v", got)
		}
		// A Manager sets them, and Recepción may then send them back unchanged.
		expectOK(t, "manager sets the limits", edit(w.manager, w.alfa, nid, map[string]any{"consum_forecast": 90, "monedero_negativo": true}))
		expectOK(t, "recepción keeps them", edit(w.recepcion, w.alfa, nid, map[string]any{"consum_forecast": 90, "monedero_negativo": true, "notes": "ok"}))
		if got := stored(); got.Forecast != 90 || got.Negative != 1 {
			t.Fatalf("manager's limits: %+v", got)
		}
		expectErr(t, "recepción takes the negative wallet away", edit(w.recepcion, w.alfa, nid, map[string]any{"monedero_negativo": false}),
			403, "member.limits_supervisor_only", "")

		// Creating: the club's default forecast and no negative wallet, or a refusal that writes nothing.
		expectOK(t, "forecast setting", w.admin.Do("POST", "/api/association_category", map[string]any{"association": w.alfa, "type": "consumptionforecast", "title": "40"}))
		for i, extra := range []map[string]any{{"consum_forecast": 500}, {"consum_forecast": 60}, {"monedero_negativo": true}} {
			b := socio(w.alfa, "Nueva", "Límite", fmt.Sprintf("3000001%dB", i))
			for k, v := range extra {
				b[k] = v
			}
			before := writes(k)
			expectErr(t, fmt.Sprintf("recepción creates with %v", extra), w.recepcion.Do("POST", "/api/ficha_socio", b), 403, "member.limits_supervisor_only", msg)
			expectNoWrites(t, k, fmt.Sprintf("recepción creates with %v", extra), before)
		}
		b := socio(w.alfa, "Nueva", "Límite", "30000020C")
		m := saveMember(t, w.recepcion, b)
		if num(m["consum_forecast"]) != 40 || m["monedero_negativo"] != false {
			t.Fatalf("recepción's new member: forecast %v, negative wallet %v", m["consum_forecast"], m["monedero_negativo"])
		}
		b = socio(w.alfa, "Otra", "Límite", "30000021D")
		b["consum_forecast"], b["monedero_negativo"] = 40, false
		expectOK(t, "recepción creates sending the defaults", w.recepcion.Do("POST", "/api/ficha_socio", b))
		b = socio(w.alfa, "Grande", "Límite", "30000022E")
		b["consum_forecast"], b["monedero_negativo"] = 500, true
		if m := saveMember(t, w.manager, b); num(m["consum_forecast"]) != 500 || m["monedero_negativo"] != true {
			t.Fatalf("manager's new member: %v", m)
		}
	})
}
