package httpapi_test

import (
	"fmt"
	"testing"

	"socius/internal/access"
	"socius/internal/testkit"
)

// TestClubRulesAPI: the Administrador sets the club's pack; a Manager reads it
// and cannot change it; a loosening is a 400 naming the field, and nothing
// changes; another club's staff neither read nor write it.
func TestClubRulesAPI(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		alfa, beta := k.Club("Alfa"), k.Club("Beta")
		k.User("admin", alfa, access.Administrador)
		k.User("manager", alfa, access.Manager)
		k.User("budtender", alfa, access.Budtender)
		k.User("otro", beta, access.Administrador)
		admin, manager := mustLogin(t, k, "admin", testkit.Password), mustLogin(t, k, "manager", testkit.Password)
		budtender, otro := mustLogin(t, k, "budtender", testkit.Password), mustLogin(t, k, "otro", testkit.Password)
		get := func(c *testkit.Client, club int64) *testkit.Response {
			return c.Do("GET", fmt.Sprintf("/api/club_rules?association=%d", club), nil)
		}
		put := func(c *testkit.Client, body map[string]any) *testkit.Response {
			return c.Do("PUT", "/api/club_rules", body)
		}

		res := get(manager, alfa)
		expectOK(t, "default rules", res)
		if res.JSON["pack"] != "es" || res.JSON["day_limit_g"] != nil || res.JSON["min_age"] != float64(18) {
			t.Fatalf("default rules: %s", res)
		}
		res = put(admin, map[string]any{"association": alfa, "pack": "de-kcang", "day_limit_g": 20})
		expectOK(t, "German pack", res)
		if res.JSON["day_limit_g"] != float64(20) || res.JSON["month_limit_g"] != float64(50) || res.JSON["override"] != false ||
			fmt.Sprint(res.JSON["tightened"]) != "[day_limit_g]" {
			t.Fatalf("German pack: %s", res)
		}

		expectErr(t, "a looser month", put(admin, map[string]any{"association": alfa, "pack": "de-kcang", "month_limit_g": 60}),
			400, "rules.looser_than_law", "Este valor es menos estricto que la ley (KCanG § 19(3)): solo se puede endurecer")
		expectErr(t, "an override in a legal pack", put(admin, map[string]any{"association": alfa, "pack": "de-kcang", "override": true}),
			400, "rules.looser_than_law", "")
		expectErr(t, "an unknown pack", put(admin, map[string]any{"association": alfa, "pack": "nl"}), 400, "request.invalid", "")
		expectErr(t, "a Manager", put(manager, map[string]any{"association": alfa, "pack": "custom"}), 403, "access.role", "")
		expectErr(t, "a Budtender reads", get(budtender, alfa), 403, "access.role", "")
		expectErr(t, "another club's Administrador writes", put(otro, map[string]any{"association": alfa, "pack": "custom"}), 400, "club.no_member_record", "")
		expectErr(t, "another club's Administrador reads", get(otro, alfa), 400, "club.no_member_record", "")
		if res := get(admin, alfa); res.JSON["pack"] != "de-kcang" || res.JSON["day_limit_g"] != float64(20) {
			t.Fatalf("a refused change changed the rules: %s", res)
		}

		res = admin.Do("GET", "/api/rule_packs", nil)
		expectOK(t, "packs", res)
		if packs, _ := res.JSON["data"].([]any); len(packs) != 5 {
			t.Fatalf("packs: %s", res)
		}
	})
}
