package httpapi_test

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/testkit"
)

// TestMemberAdmissionAPI: under the German pack POST /api/ficha_socio refuses
// a member without a birth date or without the declarations, naming the
// field; with them the member is saved and the read shows what was signed,
// when and before whom. Under es nothing is asked that was not before.
func TestMemberAdmissionAPI(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		adult := time.Now().AddDate(-30, 0, 0).Unix()
		with := func(body map[string]any, kv ...any) map[string]any {
			for i := 0; i < len(kv); i += 2 {
				body[kv[i].(string)] = kv[i+1]
			}
			return body
		}

		// es: as before, no birth date, guarantor or declaration needed
		saveMember(t, w.recepcion, socio(w.alfa, "Ana", "Antes", "10000001A"))
		expectOK(t, "German pack", w.admin.Do("PUT", "/api/club_rules", map[string]any{"association": w.alfa, "pack": "de-kcang"}))

		res := w.recepcion.Do("POST", "/api/ficha_socio", socio(w.alfa, "Bea", "Sinfecha", "10000002B"))
		expectErr(t, "no birth date", res, 400, "rules.birthdate_required",
			"Las normas del club dependen de la edad (ley: KCanG § 16): anota la fecha de nacimiento del socio para darle de alta")
		if res.JSON["field"] != "birthday" {
			t.Fatalf("field: %s", res)
		}
		res = w.recepcion.Do("POST", "/api/ficha_socio", with(socio(w.alfa, "Bea", "Menor", "10000002B"), "birthday", time.Now().AddDate(-17, 0, 0).Unix(),
			"declarations", []string{"not_in_other_club", "resident"}))
		expectErr(t, "seventeen", res, 400, "rules.min_age", "El socio debe tener al menos 18 años y tiene 17 (ley: KCanG § 16)")
		res = w.recepcion.Do("POST", "/api/ficha_socio", with(socio(w.alfa, "Bea", "Nofirma", "10000002B"), "birthday", adult))
		expectErr(t, "no declarations", res, 400, "rules.declaration_required",
			"Falta la declaración firmada del socio: «no ser socio de otra asociación» (ley: KCanG § 16)")
		if res.JSON["field"] != "declarations" || jget(res.JSON, "params", "declaration") != "not_in_other_club" {
			t.Fatalf("field and params: %s", res)
		}
		expectErr(t, "an unknown statement", w.recepcion.Do("POST", "/api/ficha_socio", with(socio(w.alfa, "Bea", "Rara", "10000002B"),
			"birthday", adult, "declarations", []string{"resident", "no_debts"})), 400, "rules.unknown_declaration", "La declaración «no_debts» no existe")
		if n := k.Count("members", "club_id = ? AND dni = ?", w.alfa, "10000002B"); n != 0 {
			t.Fatalf("a refused member was saved (%d)", n)
		}

		before := time.Now().Unix()
		bea := saveMember(t, w.recepcion, with(socio(w.alfa, "Bea", "Firma", "10000002B"), "birthday", adult,
			"declarations", []string{"resident", "not_in_other_club"}))
		decl := objects(t, bea["declarations"])
		if len(decl) != 2 || decl[0]["declaration"] != "not_in_other_club" || decl[1]["declaration"] != "resident" ||
			decl[0]["staff"] != "Recepcion" || num(decl[0]["signed_at"]) < before || num(decl[0]["signed_at"]) > time.Now().Unix() {
			t.Fatalf("declarations: %v", bea["declarations"])
		}
		read := w.admin.Do("GET", fmt.Sprintf("/api/ficha_socio?association=%d&nid=%d", w.alfa, num(bea["nid"])), nil)
		expectOK(t, "read", read)
		if got := objects(t, read.JSON["data"])[0]["declarations"]; !reflect.DeepEqual(got, bea["declarations"]) {
			t.Fatalf("the read shows %v, the save %v", got, bea["declarations"])
		}

		// today's members keep working: an edit of Ana (no birth date, nothing signed) passes
		ana := objects(t, w.admin.Do("GET", fmt.Sprintf("/api/ficha_socio?association=%d&dni=10000001A", w.alfa), nil).JSON["data"])[0]
		expectOK(t, "an old member's edit", edit(w.recepcion, w.alfa, num(ana["nid"]), map[string]any{"notes": "sigue"}))
		// made inactive, then active again: held to the pack
		expectOK(t, "Ana leaves", edit(w.admin, w.alfa, num(ana["nid"]), map[string]any{"status_member": 0}))
		expectErr(t, "Ana back without a birth date", edit(w.admin, w.alfa, num(ana["nid"]), map[string]any{"status_member": 1}),
			400, "rules.birthdate_required", "")
		expectOK(t, "Ana back, signed", edit(w.admin, w.alfa, num(ana["nid"]), map[string]any{"status_member": 1, "birthday": adult,
			"declarations": []string{"not_in_other_club", "resident"}}))
	})
}

// TestMemberAdmissionRules: whoever adds members reads what the club's rules
// ask of a new member (the whole rules stay the Manager's and the
// Administrador's); another club's staff, a role that adds no members and
// no session read nothing.
func TestMemberAdmissionRules(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		path := func(club int64) string { return fmt.Sprintf("/api/ficha_socio/admission_rules?association=%d", club) }

		res := w.recepcion.Do("GET", path(w.alfa), nil)
		expectOK(t, "es", res)
		want := map[string]any{"pack": "es", "declarations": []any{}, "declarations_source": "", "min_age": float64(18),
			"birthdate_required": false, "guarantor_required": false, "guarantor_min_days": float64(0)}
		delete(res.JSON, "$schema")
		if !reflect.DeepEqual(res.JSON, want) {
			t.Fatalf("es: %v", res.JSON)
		}
		expectOK(t, "German pack", w.admin.Do("PUT", "/api/club_rules", map[string]any{"association": w.alfa, "pack": "de-kcang",
			"declarations": []string{"resident", "habitual_use", "not_in_other_club"}, "min_age": 21, "young_max_age": 21}))
		res = w.recepcion.Do("GET", path(w.alfa), nil)
		expectOK(t, "de-kcang", res)
		if !reflect.DeepEqual(res.JSON["declarations"], []any{"not_in_other_club", "resident", "habitual_use"}) ||
			res.JSON["birthdate_required"] != true || res.JSON["min_age"] != float64(21) {
			t.Fatalf("de-kcang: %s", res)
		}
		// the club asked for more than the law: the declarations are the club's own
		if res.JSON["declarations_source"] != "" {
			t.Fatalf("source of tightened declarations: %s", res)
		}
		expectOK(t, "German pack as the law has it", w.admin.Do("PUT", "/api/club_rules", map[string]any{"association": w.alfa, "pack": "de-kcang"}))
		if res := w.recepcion.Do("GET", path(w.alfa), nil); res.JSON["declarations_source"] != "KCanG § 16" {
			t.Fatalf("source: %s", res)
		}
		expectErr(t, "Receptionist reads the whole rules", w.recepcion.Do("GET", "/api/club_rules?association="+fmt.Sprint(w.alfa), nil), 403, "access.role", "")

		expectErr(t, "Beta's Administrador asks Alfa", w.betaAdm.Do("GET", path(w.alfa), nil), 400, "club.no_member_record", "")
		expectErr(t, "no session", k.Client().Do("GET", path(w.alfa), nil), 403, "auth.anonymous", "")
		k.User("budtender", w.alfa, access.Budtender)
		expectErr(t, "Budtender", mustLogin(t, k, "budtender", testkit.Password).Do("GET", path(w.alfa), nil), 403, "access.role", "")
	})
}

// TestMemberRegisterAdmission: the invitation form (POST /api/patient_dni) is
// held to the club's rules like the member form: under the German pack a
// registration without the declarations is refused, naming the field, and
// writes nothing; with them and a birth date the member is registered and the
// read shows what was signed.
func TestMemberRegisterAdmission(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		expectOK(t, "German pack", w.admin.Do("PUT", "/api/club_rules", map[string]any{"association": w.alfa, "pack": "de-kcang"}))
		reg := func(kv ...any) map[string]any {
			b := map[string]any{"cid": w.alfa, "name": "Nuria", "surname": "Registro", "dni": "80000009N", "tlf": "600800809",
				"birthdate": time.Now().AddDate(-30, 0, 0).Unix()}
			for i := 0; i < len(kv); i += 2 {
				b[kv[i].(string)] = kv[i+1]
			}
			return b
		}

		res := w.recepcion.Do("POST", "/api/patient_dni", reg())
		expectErr(t, "no declarations", res, 400, "rules.declaration_required", "")
		if res.JSON["field"] != "declarations" {
			t.Fatalf("field: %s", res)
		}
		res = w.recepcion.Do("POST", "/api/patient_dni", reg("birthdate", 0, "declarations", []string{"not_in_other_club", "resident"}))
		expectErr(t, "no birth date", res, 400, "rules.birthdate_required", "")
		if res.JSON["field"] != "birthday" {
			t.Fatalf("field: %s", res)
		}
		if n := k.Count("members", "club_id = ? AND dni = ?", w.alfa, "80000009N"); n != 0 {
			t.Fatalf("a refused registration was saved (%d)", n)
		}

		res = w.recepcion.Do("POST", "/api/patient_dni", reg("declarations", []string{"resident", "not_in_other_club"}))
		expectOK(t, "registered", res)
		nid := num(jget(res.JSON, "member", "nid"))
		read := w.admin.Do("GET", fmt.Sprintf("/api/ficha_socio?association=%d&nid=%d", w.alfa, nid), nil)
		expectOK(t, "read", read)
		decl := objects(t, objects(t, read.JSON["data"])[0]["declarations"])
		if len(decl) != 2 || decl[0]["declaration"] != "not_in_other_club" || decl[1]["declaration"] != "resident" || decl[0]["staff"] != "Recepcion" {
			t.Fatalf("declarations: %v", decl)
		}
	})
}

// TestAdmissionRulesForInvitations: every role that may register members from
// the invitation form (userinvite) reads what the club's rules ask of them;
// a role that may neither register nor create members reads nothing.
func TestAdmissionRulesForInvitations(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		path := fmt.Sprintf("/api/ficha_socio/admission_rules?association=%d", w.alfa)
		flags := map[string]bool{access.Socios: true}
		invite, create := access.Screen("userinvite"), access.Screen("patientcreate")
		for i, role := range access.Roles {
			name := fmt.Sprintf("role%d", i)
			k.User(name, w.alfa, role)
			res := mustLogin(t, k, name, testkit.Password).Do("GET", path, nil)
			switch {
			case invite.Allows(flags, []string{role}):
				expectOK(t, role+" registers members", res)
			case !create.Allows(flags, []string{role}):
				expectErr(t, role+" registers no members", res, 403, "access.role", "")
			}
		}
	})
}
