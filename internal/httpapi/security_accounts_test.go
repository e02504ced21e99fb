package httpapi_test

// The threat model of docs/security.md, as attacks. Each test reproduces an
// attack as it was once possible and checks that it fails and changes
// nothing; they run with a real SMS gateway and a real SMTP server on
// loopback that record what the app sends.

import (
	"regexp"
	"strings"
	"testing"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/testkit"
)

// securityKit is an app that really sends: SMS to a recording gateway and
// mail to a recording SMTP server.
func securityKit(t *testing.T, engine string) (*testkit.Kit, *testkit.SMSGateway, *testkit.SMTPServer) {
	sms, smtp := testkit.NewSMSGateway(t), testkit.NewSMTPServer(t)
	k := testkit.NewWith(t, engine, func(c *app.Config) {
		c.SMSURL, c.SMTPHost, c.SMTPPort = sms.URL, smtp.Host, smtp.Port
	})
	return k, sms, smtp
}

func eachSecurityKit(t *testing.T, fn func(t *testing.T, k *testkit.Kit, sms *testkit.SMSGateway, smtp *testkit.SMTPServer)) {
	for _, e := range testkit.Engines() {
		t.Run(e, func(t *testing.T) {
			k, sms, smtp := securityKit(t, e)
			fn(t, k, sms, smtp)
		})
	}
}

// expectNoResetLinks fails when any SMS carried a password link or any reset
// token exists for uid.
func expectNoResetLinks(t *testing.T, k *testkit.Kit, sms *testkit.SMSGateway, uid int64) {
	t.Helper()
	for _, m := range sms.Messages() {
		if strings.Contains(m.Text, "reset-password") {
			t.Fatalf("an SMS carried a password link to %s: %q", m.To, m.Text)
		}
	}
	if n := k.Count("password_resets", "user_id = ?", uid); n != 0 {
		t.Fatalf("%d reset tokens were made for user %d", n, uid)
	}
}

var linkToken = regexp.MustCompile(`account-link\?token=([A-Za-z0-9_-]+)`)

// staffRecord returns the nid of uid's member record in club.
func staffRecord(t *testing.T, c *testkit.Client, club, uid int64) int64 {
	t.Helper()
	list, _ := searchMembers(t, c, club, "&uid="+itoa(uid))
	if len(list) != 1 {
		t.Fatalf("want the record of user %d in club %d, got %d", uid, club, len(list))
	}
	return num(list[0]["nid"])
}

// A Recepción of club Beta types the e-mail of Alfa's Administrador and
// their own phone into the registration form: once this mailed the
// Administrador's password link to the attacker's phone.
func TestSecurityCrossClubAccountTakeover(t *testing.T) {
	eachSecurityKit(t, func(t *testing.T, k *testkit.Kit, sms *testkit.SMSGateway, smtp *testkit.SMTPServer) {
		w := newMemberWorld(t, k)
		attackerUID := k.User("betarecep", 0)
		addStaff(t, k, w.beta, attackerUID, access.Recepcion)
		attacker := mustLogin(t, k, "betarecep", testkit.Password)
		const attackerPhone = "666000111"

		res := attacker.Do("POST", "/api/patient_dni", map[string]any{"cid": w.beta, "name": "X", "surname": "Y", "dni": "44444444A",
			"email": "admin@example.test", "tlf": attackerPhone, "sendsms": true})
		expectOK(t, "registration naming another club's administrator", res)
		m := res.JSON["member"].(map[string]any)
		if m["user"] != nil || m["account_link_pending"] != true {
			t.Fatalf("the record must wait for the person, not hold their account: %v", m)
		}
		if res.JSON["sms"] != "" {
			t.Fatalf("no invitation may be sent for someone else's account, got sms %v", res.JSON["sms"])
		}
		expectNoResetLinks(t, k, sms, w.adminUID)
		if len(sms.Messages()) != 0 {
			t.Fatalf("nothing may reach the attacker's phone: %v", sms.Messages())
		}
		// The request goes to the e-mail on the account, never to anything the staff typed.
		mail := smtp.WaitMail(t, 1)
		if len(mail[0].To) != 1 || mail[0].To[0] != "admin@example.test" || !linkToken.MatchString(mail[0].Data) ||
			strings.Contains(mail[0].Data, "reset-password") {
			t.Fatalf("want one link request to admin@example.test, got %+v", mail[0])
		}

		// The same through the member form and the SMS invitation.
		rec := saveMember(t, attacker, map[string]any{"association": w.beta, "nombre": "Z", "surname": "W", "dni": "55555555B",
			"email": "ADMIN@example.test", "online_account": true, "telefono": attackerPhone})
		if rec["user"] != nil {
			t.Fatalf("the member form linked another person's account: %v", rec)
		}
		expectErr(t, "invitation to another club's administrator", w.betaAdm.Do("POST", "/api/tlf_resend_code",
			map[string]any{"asocid": w.beta, "uid": w.adminUID, "tlf": attackerPhone}), 400, "member.no_online_account", "")
		expectNoResetLinks(t, k, sms, w.adminUID)

		// Nothing of the account is visible or reachable from Beta.
		betaUsers := w.betaAdm.Do("GET", "/api/association_user/retrieve?association="+itoa(w.beta), nil)
		expectOK(t, "beta's users", betaUsers)
		if strings.Contains(string(betaUsers.Body), `"mail":"admin@example.test"`) {
			t.Fatalf("beta sees alfa's administrator account: %s", betaUsers.Body)
		}
		expectErr(t, "push to the unlinked person", w.betaAdm.Do("POST", "/api/notification/create",
			map[string]any{"association": w.beta, "body": "hola", "uids": []int64{w.adminUID}}), 400, "member.no_online_account", "")

		// The reset token of the old attack would let the attacker log in; there is none to use.
		if n := k.Count("sessions", "user_id = ?", w.adminUID); n == 0 {
			t.Fatal("the administrator's sessions ended")
		}
	})
}

// The person answers the request from their own mailbox: declining leaves
// the club with nothing; accepting links the record, and the account still
// cannot be sent a password link by the club.
func TestSecurityAccountLinkNeedsThePerson(t *testing.T) {
	eachSecurityKit(t, func(t *testing.T, k *testkit.Kit, sms *testkit.SMSGateway, smtp *testkit.SMTPServer) {
		w := newMemberWorld(t, k)
		anon := k.Client()
		anon.Token()

		ask := func(dni string, n int) (int64, string) {
			rec := saveMember(t, w.betaAdm, map[string]any{"association": w.beta, "nombre": "Ana", "surname": "Alfa", "dni": dni,
				"email": "admin@example.test", "online_account": true, "telefono": "600111222"})
			mail := smtp.WaitMail(t, n)
			got := linkToken.FindStringSubmatch(mail[n-1].Data)
			if got == nil || mail[n-1].To[0] != "admin@example.test" {
				t.Fatalf("no link request mailed to the account: %+v", mail[n-1])
			}
			return num(rec["nid"]), got[1]
		}

		nid, token := ask("66666666C", 1)
		// Saving the record again does not mail the person again.
		expectOK(t, "save again", edit(w.betaAdm, w.beta, nid, map[string]any{"notes": "otra vez"}))

		info := anon.Do("GET", "/api/account_link?token="+token, nil)
		expectOK(t, "link info", info)
		if info.JSON["club"] != "Beta" || info.JSON["username"] != "admin" {
			t.Fatalf("the person must see which club asks for which account: %s", info)
		}
		expectOK(t, "decline", anon.Do("POST", "/api/account_link", map[string]any{"token": token, "accept": false}))
		if m := getMember(t, w.betaAdm, w.beta, nid); m["user"] != nil || m["account_link_pending"] == true {
			t.Fatalf("declined, the record must have no account and nothing pending: %v", m)
		}
		expectErr(t, "a used token", anon.Do("POST", "/api/account_link", map[string]any{"token": token, "accept": true}),
			400, "member.link_invalid", "")
		expectErr(t, "a made-up token", anon.Do("GET", "/api/account_link?token=nope", nil), 400, "member.link_invalid", "")

		if m := getMember(t, w.betaAdm, w.beta, nid); m["online_account"] != false {
			t.Fatalf("declined, the record's online account is off until the club asks again: %v", m)
		}
		// Another edit does not ask again; turning the online account on does.
		expectOK(t, "edit after decline", edit(w.betaAdm, w.beta, nid, map[string]any{"notes": "sin cuenta"}))
		res := edit(w.betaAdm, w.beta, nid, map[string]any{"online_account": true})
		expectOK(t, "ask again", res)
		mail := smtp.WaitMail(t, 2)
		token = linkToken.FindStringSubmatch(mail[1].Data)[1]
		res = anon.Do("POST", "/api/account_link", map[string]any{"token": token, "accept": true})
		expectOK(t, "accept", res)
		if m := getMember(t, w.betaAdm, w.beta, nid); num(jget(m, "user", "uid")) != w.adminUID {
			t.Fatalf("accepted, the record is linked to the account: %v", m)
		}
		// Linked, the account is still its owner's: no invitation, no reset link.
		expectErr(t, "invite an active account", w.betaAdm.Do("POST", "/api/tlf_resend_code",
			map[string]any{"asocid": w.beta, "uid": w.adminUID, "tlf": "600111222"}), 400, "member.account_active", "")
		expectNoResetLinks(t, k, sms, w.adminUID)
	})
}

// A new member's own account (made by the club, never activated) can still
// be invited, to the phone on the record.
func TestSecurityInvitationForNewAccount(t *testing.T) {
	eachSecurityKit(t, func(t *testing.T, k *testkit.Kit, sms *testkit.SMSGateway, _ *testkit.SMTPServer) {
		w := newMemberWorld(t, k)
		res := w.recepcion.Do("POST", "/api/patient_dni", map[string]any{"cid": w.alfa, "name": "Nuevo", "surname": "Socio",
			"dni": "77777777D", "email": "nuevo@example.test", "tlf": "611222333", "sendsms": true})
		expectOK(t, "register a new member", res)
		if res.JSON["sms"] != "sent" {
			t.Fatalf("the invitation goes out: %s", res)
		}
		got := sms.Messages()
		if len(got) != 1 || got[0].To != "+34611222333" || !strings.Contains(got[0].Text, "reset-password?token=") {
			t.Fatalf("want one invitation to the record's phone, got %+v", got)
		}
		uid := num(jget(res.JSON, "member", "user", "uid"))
		// Once the member has set a password the account is theirs.
		token := regexp.MustCompile(`token=([A-Za-z0-9_-]+)`).FindStringSubmatch(got[0].Text)[1]
		anon := k.Client()
		anon.Token()
		expectOK(t, "set the password", anon.Do("POST", "/api/user/reset_password", map[string]any{"token": token, "password": "mi-clave-123"}))
		expectErr(t, "invite again", w.admin.Do("POST", "/api/tlf_resend_code",
			map[string]any{"asocid": w.alfa, "uid": uid, "tlf": "699999999"}), 400, "member.account_active", "")
		if len(sms.Messages()) != 1 {
			t.Fatalf("no second link: %+v", sms.Messages())
		}
	})
}

// A Manager asks for the Administrador's invitation with their own phone:
// once this sent the Administrador's password link to the Manager.
func TestSecurityManagerCannotInviteAdministrator(t *testing.T) {
	eachSecurityKit(t, func(t *testing.T, k *testkit.Kit, sms *testkit.SMSGateway, _ *testkit.SMTPServer) {
		w := newMemberWorld(t, k)
		adminRec := staffRecord(t, w.admin, w.alfa, w.adminUID)
		before := getMember(t, w.admin, w.alfa, adminRec)["telefono"]
		expectErr(t, "manager invites the administrator", w.manager.Do("POST", "/api/tlf_resend_code",
			map[string]any{"asocid": w.alfa, "uid": w.adminUID, "tlf": "699000000"}), 400, "member.account_active", "")
		// Even an administrator account nobody activated yet: its phone is the Administrador's to change.
		exec(t, k, `UPDATE users SET activated = 0 WHERE id = ?`, w.adminUID)
		expectErr(t, "manager changes the administrator's phone to invite", w.manager.Do("POST", "/api/tlf_resend_code",
			map[string]any{"asocid": w.alfa, "uid": w.adminUID, "tlf": "699000000"}), 403, "member.staff_admin_only", "")
		if got := getMember(t, w.admin, w.alfa, adminRec)["telefono"]; got != before {
			t.Fatalf("the administrator's phone changed: %v", got)
		}
		expectNoResetLinks(t, k, sms, w.adminUID)
		if len(sms.Messages()) != 0 {
			t.Fatalf("nothing is sent: %+v", sms.Messages())
		}
	})
}

// A Recepción deactivated the Administrador's record and a Manager deleted
// it: the club lost its Administrador.
func TestSecurityStaffRecordsAreTheAdministrators(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		adminRec := staffRecord(t, w.admin, w.alfa, w.adminUID)
		managerRec := staffRecord(t, w.admin, w.alfa, w.managerUID)
		before := writes(k)
		expectErr(t, "recepción deactivates the administrator", edit(w.recepcion, w.alfa, adminRec, map[string]any{"status_member": 0}),
			403, "member.staff_admin_only", "")
		expectErr(t, "manager deletes the administrator", w.manager.Do("DELETE", "/api/ficha_socio/"+itoa(adminRec)+"?association="+itoa(w.alfa), nil),
			403, "member.staff_admin_only", "")
		// (online_account cannot be turned off on a staff record: staff forces it on)
		for field, v := range map[string]any{"email": "evil@example.test", "telefono": "699000000", "country_code": "44"} {
			expectErr(t, "recepción changes a staff record's "+field, edit(w.recepcion, w.alfa, managerRec, map[string]any{field: v}),
				403, "member.staff_admin_only", "")
		}
		expectNoWrites(t, k, "refused staff edits", before)
		if ids := myClubIDs(t, mustLogin(t, k, "admin", testkit.Password)); len(ids) != 1 || ids[0] != w.alfa {
			t.Fatalf("the administrator still reaches the club: %v", ids)
		}
		// Plain members stay the counter's to edit.
		plain := saveMember(t, w.recepcion, socio(w.alfa, "Luis", "Mar", "12345678Z"))
		expectOK(t, "recepción deactivates a member", edit(w.recepcion, w.alfa, num(plain["nid"]), map[string]any{"status_member": 0}))
		// The Administrador may manage staff, but not leave the club without an Administrador.
		// (staff records made from the command line have no surname or ID number: the edits give them)
		expectOK(t, "admin deactivates the manager", edit(w.admin, w.alfa, managerRec, map[string]any{"status_member": 0, "surname": "M", "dni": "00000002M"}))
		expectErr(t, "the last administrator deactivates themselves", edit(w.admin, w.alfa, adminRec, map[string]any{"status_member": 0, "surname": "A", "dni": "00000001A"}),
			400, "member.last_admin", "")
		expectErr(t, "the last administrator drops the role", edit(w.admin, w.alfa, adminRec, map[string]any{"memcard_roles": []string{"Manager"}, "surname": "A", "dni": "00000001A"}),
			400, "member.last_admin", "")
		// With a second Administrador, the first may step down.
		expectOK(t, "manager made administrator", edit(w.admin, w.alfa, managerRec, map[string]any{"status_member": 1,
			"memcard_roles": []string{access.Administrador}}))
		expectOK(t, "step down", edit(w.admin, w.alfa, adminRec, map[string]any{"memcard_roles": []string{access.Manager}, "surname": "A", "dni": "00000001A"}))
		if ids := myClubIDs(t, w.manager); len(ids) != 1 {
			t.Fatalf("the new administrator reaches the club: %v", ids)
		}
	})
}
