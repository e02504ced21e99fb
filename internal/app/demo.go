package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/auth"
	"socius/internal/club"
	"socius/internal/member"
	"socius/internal/textnorm"
)

// ErrNotEmpty refuses loading the demo over existing clubs.
var ErrNotEmpty = errors.New("the database already has clubs (socius demo --force erases everything in it and loads the demo afresh)")

// DemoPassword is the password of every demo account.
const DemoPassword = "socius-demo"

// DemoProviderAdmin is the demo's provider administrator.
const DemoProviderAdmin = "proveedor"

// DemoUser is a demo login and its roles.
type DemoUser struct {
	Username, Name, Surname, DNI string
	Roles                        []string
}

// DemoUsers has one account for each role; "admin" is staff of both clubs.
var DemoUsers = []DemoUser{
	{"admin", "Ana", "García Pons", "12345678Z", []string{access.Administrador}},
	{"manager", "Marc", "Soler Vidal", "23456789D", []string{access.Manager}},
	{"recepcion", "Lucía", "Martín Ruiz", "34567890V", []string{access.Recepcion}},
	{"budtender", "Pau", "Ferrer Gil", "45678901G", []string{access.Budtender}},
	{"caja", "Sara", "López Mas", "56789012B", []string{access.Caja}},
	{"inventario", "Jordi", "Roca Font", "67890123N", []string{access.Inventario}},
	{"social", "Nuria", "Vila Serra", "78901234X", []string{access.Social}},
}

// LoadDemo adds the demo clubs, staff, members, catalogue, a month of the
// club's history and the novelties, printing the logins to out. A database
// that has clubs is refused, unless erase: then everything in it is erased
// first (socius demo --force, to start the demo again).
func (a *App) LoadDemo(ctx context.Context, erase bool, out io.Writer) (int64, error) {
	n, err := a.Clubs.Count(ctx)
	if err != nil {
		return 0, err
	}
	if n > 0 && !erase {
		return 0, ErrNotEmpty
	}
	if n > 0 {
		if err := a.DB.Erase(ctx); err != nil {
			return 0, fmt.Errorf("erase the database: %w", err)
		}
		fmt.Fprintf(out, "Erased the database (%d clubs and everything else in it).\n", n)
	}
	clubID, err := a.Clubs.Create(ctx, "Club Demo Socius", access.Flags)
	if err != nil {
		return 0, err
	}
	second, err := a.Clubs.Create(ctx, "Asociación Verde Norte", []string{access.Socios, access.SoftwareGestionClub})
	if err != nil {
		return 0, err
	}
	logo, body := []byte(demoLogo("#A463BF", "S")), demoBody
	imgs := [][]byte{[]byte(demoSlide("#6B3FA0", "#A463BF", "Bienvenidos al club")),
		[]byte(demoSlide("#2F6F4F", "#5FA37A", "Espacio de socios")),
		[]byte(demoSlide("#7A4B2A", "#C98B5B", "Eventos y talleres"))}
	if err := a.Clubs.Save(ctx, clubID, club.Update{Body: &body, Logo: &logo, Images: &imgs}); err != nil {
		return 0, err
	}
	logo2, body2 := []byte(demoLogo("#2F6F4F", "V")), "<p>Asociación cannábica sin ánimo de lucro en el norte de la ciudad.</p>"
	if err := a.Clubs.Save(ctx, second, club.Update{Body: &body2, Logo: &logo2}); err != nil {
		return 0, err
	}
	if err := a.DB.Tx(ctx, func(tx *sqlx.Tx) error { return club.SetPaymentMethods(ctx, tx, clubID, "-cash-card-wallet") }); err != nil {
		return 0, err
	}
	staff := map[string]int64{}
	for _, du := range DemoUsers {
		uid, err := a.CreateUser(ctx, NewStaffUser{NewUser: auth.NewUser{Username: du.Username, Password: DemoPassword,
			Email: du.Username + "@demo.socius.local", Name: du.Name, Surname: du.Surname, DNI: du.DNI, Phone: "600000000",
			Birthdate: 631152000}, ClubID: clubID, Roles: du.Roles})
		if err != nil {
			return 0, fmt.Errorf("demo user %s: %w", du.Username, err)
		}
		staff[du.Username] = uid
		if du.Username == "admin" {
			err = a.DB.Tx(ctx, func(tx *sqlx.Tx) error {
				_, err := member.CreateStaff(ctx, tx, member.Staff{Club: second, User: uid, Name: du.Name, Surname: du.Surname, DNI: du.DNI, Roles: []string{access.Administrador, access.Manager}})
				return err
			})
			if err != nil {
				return 0, err
			}
		}
	}
	// the provider's console (/app/provider): an administrator of the provider, staff of no club
	if _, err := a.CreateUser(ctx, NewStaffUser{NewUser: auth.NewUser{Username: DemoProviderAdmin, Password: DemoPassword,
		Email: DemoProviderAdmin + "@demo.socius.local", Name: "Pilar", Surname: "Prats"}, ProviderAdmin: true}); err != nil {
		return 0, fmt.Errorf("demo user %s: %w", DemoProviderAdmin, err)
	}
	h, err := a.newDemoHistory(ctx, clubID, staff)
	if err != nil {
		return 0, err
	}
	if h.members, err = a.loadDemoMembers(ctx, clubID, h); err != nil {
		return 0, err
	}
	if h.products, err = a.loadDemoCatalog(ctx, clubID, staff["admin"]); err != nil {
		return 0, fmt.Errorf("demo catalogue: %w", err)
	}
	if err := h.load(ctx); err != nil {
		return 0, fmt.Errorf("demo history: %w", err)
	}
	if err := a.loadDemoCultivation(ctx, clubID, h); err != nil {
		return 0, fmt.Errorf("demo cultivation: %w", err)
	}
	for _, nv := range demoNovelties {
		if _, err := a.AddNovelty(ctx, nv[0], nv[1]); err != nil {
			return 0, err
		}
	}
	fmt.Fprintf(out, "Demo loaded: club %d \"Club Demo Socius\" (every feature) and club %d \"Asociación Verde Norte\".\n", clubID, second)
	c := h.counts
	fmt.Fprintf(out, "The demo club's last %d days: %d sales, %d refunds, %d wallet top-ups, %d check-ins, %d till closes.\n",
		demoDays, c.sales, c.refunds, c.topups, c.checkins, c.closes)
	fmt.Fprintf(out, "Logins (password %q for all):\n", DemoPassword)
	for _, du := range DemoUsers {
		fmt.Fprintf(out, "  %-11s %v\n", du.Username, du.Roles)
	}
	fmt.Fprintf(out, "  %-11s provider administrator (/app/provider)\n", DemoProviderAdmin)
	return clubID, nil
}

const demoBody = `<h2>Club Demo Socius</h2>
<p>Asociación de personas usuarias de cannabis sin ánimo de lucro. Un espacio seguro, privado y responsable para nuestros socios.</p>
<ul><li>Horario: de lunes a sábado, de 11:00 a 22:00</li><li>Dirección: Carrer de la Mercè 12, Barcelona</li><li>Teléfono: 930 000 000</li></ul>`

var demoNovelties = [][2]string{
	{"Bienvenidos a Socius", "<p>Ya podéis gestionar vuestro club desde el nuevo panel. Cada semana añadimos mejoras.</p>"},
	{"Nuevo selector de idioma", "<p>El panel está disponible en castellano, català, italiano, português, English y français. Cámbialo desde <strong>Mi perfil</strong>.</p>"},
	{"Copias de seguridad", "<p>Recordad que vuestro proveedor hace copias diarias de la base de datos.</p>"},
}

func demoLogo(color, letter string) string {
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="#1f1630"/></linearGradient></defs>
<rect width="256" height="256" rx="56" fill="url(#g)"/>
<path d="M128 44c10 30 10 58 0 86-10-28-10-56 0-86zm0 86c22-20 48-30 78-30-18 24-44 34-78 30zm0 0c-22-20-48-30-78-30 18 24 44 34 78 30z" fill="#fff" opacity=".92"/>
<text x="128" y="214" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">%s</text></svg>`, color, letter)
}

func demoSlide(from, to, text string) string {
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="420" viewBox="0 0 1200 420">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>
<rect width="1200" height="420" fill="url(#g)"/>
<circle cx="1040" cy="90" r="160" fill="#fff" opacity=".08"/><circle cx="150" cy="380" r="220" fill="#fff" opacity=".06"/>
<text x="80" y="230" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff">%s</text></svg>`, from, to, text)
}

var demoFirst = []string{"José", "María", "Núria", "Jordi", "Lucía", "Álvaro", "Marta", "Íñigo", "Carmen", "Pau",
	"Sofía", "Joan", "Elena", "Raúl", "Aina", "Sergio", "Laia", "Andrés", "Irene", "Óscar"}
var demoSurnames = []string{"García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Muñoz",
	"Castaño", "Ibáñez", "Vidal", "Puig", "Serra", "Ferrer", "Roig", "Núñez", "Peña", "Domènech", "Ruiz", "Soler"}

// demoRenewals are the members who renew their annual fee during the
// month of history, by index, with the day (days before today) they do:
// their fee was about to expire that day.
var demoRenewals = map[int]int{7: 27, 12: 20, 19: 15, 25: 9, 33: 5, 38: 2}

// loadDemoMembers adds a realistic list of members: accents, both types,
// some inactive, two categories; fees paid up but for two that have
// expired (nº 10 a month ago, nº 24 nine days ago) and six that the history
// renews.
func (a *App) loadDemoMembers(ctx context.Context, clubID int64, h *demoHistory) ([]demoMember, error) {
	regular, err := a.Clubs.SaveMemberCategory(ctx, clubID, 0, "Socio habitual", 0)
	if err != nil {
		return nil, err
	}
	founder, err := a.Clubs.SaveMemberCategory(ctx, clubID, 0, "Socio fundador", 10)
	if err != nil {
		return nil, err
	}
	letters := "TRWAGMYFPDXBNJZSQVHLCKE"
	admin := member.Actor{IsAdmin: true}
	var out []demoMember
	for i := range 42 {
		n := 30000000 + i*7919
		dni := fmt.Sprintf("%08d%c", n, letters[n%23])
		first, s1, s2 := demoFirst[i%len(demoFirst)], demoSurnames[(i*3)%len(demoSurnames)], demoSurnames[(i*7+5)%len(demoSurnames)]
		typ, status, cat := member.Ludico, 1, regular.NID
		if i%5 == 0 {
			typ = member.Terapeutico
		}
		if i%9 == 4 {
			status = 0
		}
		if i < 6 {
			cat = founder.NID
		}
		end := h.now.AddDate(0, 1+(i*5)%11, (i*3)%20).Unix()
		switch k, renews := demoRenewals[i]; {
		case i == 2:
			end = h.now.AddDate(0, -1, 0).Unix()
		case i == 16:
			end = h.day(9).Unix()
		case renews:
			end = h.day(k - 3).Unix() // due a few days after the visit that renews it
		}
		email := ""
		if i%3 != 2 {
			email = fmt.Sprintf("%s.%s%d@correo.example", textnorm.Fold(first), textnorm.Fold(s1), i)
		}
		phone := fmt.Sprintf("6%08d", 12345678+i*1111)
		birth := time.Date(1965+i%35, time.Month(1+i%12), 1+i%27, 12, 0, 0, 0, time.UTC).Unix()
		fc := int64(20 + (i%6)*10)
		m, err := a.Members.Save(ctx, clubID, admin, member.Input{Nombre: &first, Surname: &s1, Surname2: &s2, DNI: &dni,
			Email: &email, Telefono: &phone, Type: &typ, Status: &status, Category: &cat, EndDate: &end, Birthday: &birth,
			ConsumForecast: &fc})
		if err != nil {
			return nil, fmt.Errorf("demo member %d: %w", i, err)
		}
		out = append(out, demoMember{id: m.NID, i: i, forecast: fc, active: status == 1, end: end, renews: demoRenewals[i]})
	}
	return out, nil
}
