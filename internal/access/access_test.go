package access_test

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"socius/internal/access"
	"socius/internal/testkit"
)

func flags(f ...string) map[string]bool {
	m := map[string]bool{}
	for _, x := range f {
		m[x] = true
	}
	return m
}

func TestRuleAllows(t *testing.T) {
	com, sgc := access.Comunicacion, access.SoftwareGestionClub
	for _, tc := range []struct {
		name  string
		rule  access.Rule
		flags map[string]bool
		roles []string
		want  bool
	}{
		{"empty rule lets any staff in", access.Rule{}, nil, nil, true},
		{"empty rule, club with flags", access.Rule{}, flags(com), []string{access.Caja}, true},
		{"one flag present", access.Rule{Flags: []string{com}}, flags(com), nil, true},
		{"one flag absent", access.Rule{Flags: []string{com}}, flags(sgc), nil, false},
		{"flag switched off counts as absent", access.Rule{Flags: []string{com}}, map[string]bool{com: false}, nil, false},
		{"any of the flags: second", access.Rule{Flags: []string{com, sgc}}, flags(sgc), nil, true},
		{"any of the flags: none", access.Rule{Flags: []string{com, sgc}}, flags(access.Socios), nil, false},
		{"club without flags", access.Rule{Flags: []string{com}}, nil, nil, false},
		{"role present", access.Rule{Roles: []string{access.Manager}}, nil, []string{access.Manager}, true},
		{"any of the roles: last", access.Rule{Roles: []string{access.Manager, access.Caja}}, nil, []string{access.Social, access.Caja}, true},
		{"no matching role", access.Rule{Roles: []string{access.Manager, access.Caja}}, nil, []string{access.Social}, false},
		{"staff without roles", access.Rule{Roles: []string{access.Manager}}, nil, nil, false},
		{"roles are exact (accent)", access.Rule{Roles: []string{access.Recepcion}}, nil, []string{"Recepcion"}, false},
		{"roles are exact (case)", access.Rule{Roles: []string{access.Manager}}, nil, []string{"manager"}, false},
		{"both needed: flag missing", access.Rule{Flags: []string{com}, Roles: []string{access.Manager}}, nil, []string{access.Manager}, false},
		{"both needed: role missing", access.Rule{Flags: []string{com}, Roles: []string{access.Manager}}, flags(com), []string{access.Caja}, false},
		{"both present", access.Rule{Flags: []string{com}, Roles: []string{access.Manager}}, flags(com, sgc), []string{access.Caja, access.Manager}, true},
	} {
		if got := tc.rule.Allows(tc.flags, tc.roles); got != tc.want {
			t.Errorf("%s: Allows = %v, want %v", tc.name, got, tc.want)
		}
		if got := tc.rule.FlagsOK(tc.flags) && tc.rule.RolesOK(tc.roles); got != tc.want {
			t.Errorf("%s: FlagsOK && RolesOK = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSpecRows(t *testing.T) {
	// A few rows of spec §6, written out, so an edit of the table shows here.
	for _, tc := range []struct {
		screen string
		flags  []string
		roles  []string
	}{
		{"patientmanager", []string{access.Socios}, []string{access.Manager, access.Administrador, access.Recepcion}},
		{"staffmanager", []string{access.Socios, access.Comunicacion}, []string{access.Administrador, access.Manager}},
		{"pos", []string{access.SoftwareGestionClub}, []string{access.Administrador, access.Manager, access.Budtender}},
		{"clubmanager", []string{access.Comunicacion}, []string{access.Administrador, access.Manager, access.Social}},
		{"club", nil, nil},
		// issue 30: the grow room is the Inventario's, with the Manager and the Administrador
		{"batch", []string{access.Cultivo}, []string{access.Administrador, access.Manager, access.Inventario}},
		{"annualreport", []string{access.Cultivo}, []string{access.Administrador, access.Manager, access.Inventario}},
		{"product_batches", []string{access.Cultivo}, []string{access.Administrador, access.Manager, access.Budtender, access.Inventario}},
	} {
		r := access.Screen(tc.screen)
		if !slices.Equal(r.Flags, tc.flags) || !slices.Equal(r.Roles, tc.roles) {
			t.Errorf("%s: got %+v, want flags %v roles %v", tc.screen, r, tc.flags, tc.roles)
		}
	}
}

func TestTablesNameKnownFlagsAndRoles(t *testing.T) {
	if len(access.Flags) != 12 || len(access.Roles) != 7 {
		t.Fatalf("%d flags, %d roles", len(access.Flags), len(access.Roles))
	}
	check := func(kind, name string, r access.Rule) {
		for _, f := range r.Flags {
			if !access.IsFlag(f) {
				t.Errorf("%s %s: unknown flag %q", kind, name, f)
			}
		}
		for _, role := range r.Roles {
			if !access.IsRole(role) {
				t.Errorf("%s %s: unknown role %q", kind, name, role)
			}
		}
	}
	for name, r := range access.Screens {
		check("screen", name, r)
	}
	for name, r := range access.MenuGroups {
		check("menu group", name, r)
	}
	if access.IsFlag("Socios") || access.IsRole("administrador") || access.IsRole("") {
		t.Error("IsFlag/IsRole must be exact")
	}
}

func TestScreenPanicsOnUnknown(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Screen of an unknown name did not panic")
		}
	}()
	access.Screen("no-such-screen")
}

func TestRouteScreensExist(t *testing.T) {
	k := testkit.New(t, "sqlite")
	seen := 0
	for _, r := range k.App.API.Routes() {
		if r.Gate.Screen == "" {
			continue
		}
		seen++
		if _, ok := access.Screens[r.Gate.Screen]; !ok {
			t.Errorf("%s %s names screen %q, missing from access.Screens", r.Method, r.Path, r.Gate.Screen)
		}
	}
	if seen == 0 {
		t.Fatal("no route names a screen")
	}
}

func TestGatesJSON(t *testing.T) {
	b, err := access.GatesJSON()
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Flags      []string                       `json:"flags"`
		Roles      []string                       `json:"roles"`
		Screens    map[string]map[string][]string `json:"screens"`
		MenuGroups map[string]map[string][]string `json:"menuGroups"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Flags, access.Flags) || !slices.Equal(g.Roles, access.Roles) {
		t.Errorf("flags/roles: %v %v", g.Flags, g.Roles)
	}
	if got, want := slices.Sorted(maps.Keys(g.Screens)), slices.Sorted(maps.Keys(access.Screens)); !slices.Equal(got, want) {
		t.Fatalf("screens in gates.json: %v, want %v", got, want)
	}
	if got, want := slices.Sorted(maps.Keys(g.MenuGroups)), slices.Sorted(maps.Keys(access.MenuGroups)); !slices.Equal(got, want) {
		t.Fatalf("menu groups in gates.json: %v, want %v", got, want)
	}
	var raw struct {
		Screens map[string]map[string]json.RawMessage `json:"screens"`
	}
	_ = json.Unmarshal(b, &raw)
	for name, r := range access.Screens {
		got := g.Screens[name]
		if !slices.Equal(got["flags"], r.Flags) && !(len(r.Flags) == 0 && len(got["flags"]) == 0) {
			t.Errorf("%s flags: %v, want %v", name, got["flags"], r.Flags)
		}
		if !slices.Equal(got["roles"], r.Roles) && !(len(r.Roles) == 0 && len(got["roles"]) == 0) {
			t.Errorf("%s roles: %v, want %v", name, got["roles"], r.Roles)
		}
		// The web app iterates these lists: never null.
		for _, key := range []string{"flags", "roles"} {
			if v := string(raw.Screens[name][key]); v == "null" || v == "" {
				t.Errorf("%s.%s is %q in gates.json, want a list", name, key, v)
			}
		}
	}
}
