package httpapi

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/files"
	"socius/internal/notify"
	"socius/internal/social"
	"socius/internal/textnorm"
)

// Consultations and the TV screen.

// Consultations (spec part 2 §2 "Consultations"): members ask and follow
// their own; staff with the screen's roles read, answer and delete every one
// of the club. Each new consultation or comment is a live event ("comentario")
// for the club's open back offices.
func (s *Server) registerConsultRoutes() {
	register(s, op("GET", "/api/consult/retrieve", "consultList", "Consultations with their comments: all of the club for staff, a member's own for the member"),
		consultsRead, s.consultList)
	register(s, op("POST", "/api/consult/create", "consultCreate", "A new consultation (no nid: the caller's own) or a comment on one (nid)"),
		Club("consults", Body("association")).OrMembers(), s.consultCreate)
	register(s, op("DELETE", "/api/consult/{nid}", "consultDelete", "Delete a consultation and its comments"),
		Club("consults", Query("association")), s.consultDelete)
}

// consultViewer says whose consultations the caller sees: staff with the
// screen's roles every one of the club, anyone else their own.
func consultViewer(ri *reqInfo) social.Viewer {
	all := ri.Staff.IsStaff && access.Screen("consults").RolesOK(ri.Staff.Roles)
	return social.Viewer{UserID: ri.User.ID, MemberID: ri.Staff.MemberID, AllOfClub: all}
}

// ConsultComment is a message of a consultation's conversation.
type ConsultComment struct {
	CID     int64  `json:"cid"`
	Body    string `json:"body" doc:"Plain text"`
	Name    string `json:"name"`
	Staff   bool   `json:"staff" doc:"Written by the club's staff"`
	Created int64  `json:"created" doc:"Unix seconds"`
}

// Consult is the spec's Consultation.
type Consult struct {
	NID         int64            `json:"nid"`
	Title       string           `json:"title"`
	Body        string           `json:"body" doc:"Plain text"`
	Name        string           `json:"name" doc:"The member who asked"`
	MemberID    int64            `json:"membership_id"`
	Created     int64            `json:"created" doc:"Unix seconds"`
	CommentDate int64            `json:"comment_date" doc:"Unix seconds of the latest comment (the consultation's own date without one)"`
	Comments    []ConsultComment `json:"comments"`
}

func consultOf(c *social.Consultation) Consult {
	out := Consult{NID: c.ID, Title: c.Title, Body: c.Body, Name: c.Name, MemberID: c.MemberID, Created: c.Created, CommentDate: c.LastActivity,
		Comments: make([]ConsultComment, len(c.Comments))}
	for i, m := range c.Comments {
		out.Comments[i] = ConsultComment{CID: m.ID, Body: m.Body, Name: m.Name, Staff: m.Staff, Created: m.Created}
	}
	return out
}

type consultListInput struct {
	NID int64 `query:"nid" doc:"One consultation"`
}

type consultListOutput struct{ Body []Consult }

func (s *Server) consultList(ctx context.Context, in *consultListInput) (*consultListOutput, error) {
	ri := info(ctx)
	list, err := s.Social.Consultations(ctx, ri.Club.ID, consultViewer(ri), in.NID)
	if err != nil {
		return nil, err
	}
	out := &consultListOutput{Body: make([]Consult, len(list))}
	for i := range list {
		out.Body[i] = consultOf(&list[i])
	}
	return out, nil
}

type consultCreateInput struct {
	Body struct {
		ClubAssociation
		NID   int64  `json:"nid,omitempty" doc:"The consultation to comment on; absent or 0: a new consultation"`
		Title string `json:"title,omitempty" maxLength:"400" doc:"A new consultation's title"`
		Body  string `json:"body" maxLength:"8000"`
	}
}

type consultOutput struct{ Body Consult }

func (s *Server) consultCreate(ctx context.Context, in *consultCreateInput) (*consultOutput, error) {
	ri := info(ctx)
	v := consultViewer(ri)
	id, title, name, body := in.Body.NID, in.Body.Title, "", in.Body.Body
	var err error
	if id == 0 {
		if id, err = s.Social.Ask(ctx, ri.Club.ID, v, title, body); err != nil {
			return nil, err
		}
	} else if title, name, err = s.Social.Reply(ctx, ri.Club.ID, v, id, body); err != nil {
		return nil, err
	}
	list, err := s.Social.Consultations(ctx, ri.Club.ID, v, id)
	if err != nil {
		return nil, err
	}
	c := consultOf(&list[0])
	if name == "" {
		name = c.Name
	}
	// The back office's notification box: the consultation's title, who wrote and what,
	// for the staff who may read the club's consultations.
	if _, err := s.Hub.Publish(ctx, notify.Event{ClubID: ri.Club.ID, Gate: consultsRead.Screen, Type: "comentario",
		Title: title, Body: name + ": " + strings.TrimSpace(body)}); err != nil {
		return nil, err
	}
	return &consultOutput{Body: c}, nil
}

func (s *Server) consultDelete(ctx context.Context, in *socialDeleteInput) (*successOutput, error) {
	if err := s.Social.DeleteConsultation(ctx, info(ctx).Club.ID, in.NID); err != nil {
		return nil, err
	}
	out := &successOutput{}
	out.Body.Success, out.Body.Message = 1, tr(ctx, "La consulta se ha eliminado correctamente")
	return out, nil
}

// TVSettingsBody is the spec's TV carousel settings.
type TVSettingsBody struct {
	BackgroundColor     string `json:"backgroundcolor" doc:"#RRGGBB" example:"#A463BF"`
	TextColor           string `json:"textcolor" doc:"#RRGGBB" example:"#FFFFFF"`
	Interval            int    `json:"interval" doc:"Milliseconds per slide, 1000–999999"`
	ShowItemDescription bool   `json:"showItemDescription"`
	ShowItemSubtitle    bool   `json:"showItemSubtitle"`
	ShowItemQr          bool   `json:"showItemQr"`
}

func tvBody(v social.TVSettings) TVSettingsBody {
	return TVSettingsBody{BackgroundColor: v.BackgroundColor, TextColor: v.TextColor, Interval: v.Interval,
		ShowItemDescription: v.ShowDescription, ShowItemSubtitle: v.ShowSubtitle, ShowItemQr: v.ShowQR}
}

type tvOutput struct{ Body TVSettingsBody }

func (s *Server) tvSettings(ctx context.Context, _ *associationQuery) (*tvOutput, error) {
	v, err := s.Social.TV(ctx, info(ctx).Club.ID)
	return &tvOutput{Body: tvBody(v)}, err
}

type tvSaveInput struct {
	Body struct {
		ClubAssociation
		TVSettingsBody
	}
}

// tvSave stores the club's TV settings and tells the club's open screens
// (a silent "tv" event), so a TV showing the carousel applies them at once.
func (s *Server) tvSave(ctx context.Context, in *tvSaveInput) (*tvOutput, error) {
	ri := info(ctx)
	b := in.Body.TVSettingsBody
	v, err := s.Social.SaveTV(ctx, ri.Club.ID, social.TVSettings{BackgroundColor: b.BackgroundColor, TextColor: b.TextColor, Interval: b.Interval,
		ShowDescription: b.ShowItemDescription, ShowSubtitle: b.ShowItemSubtitle, ShowQR: b.ShowItemQr})
	if err != nil {
		return nil, err
	}
	if _, err := s.Hub.Publish(ctx, notify.Event{ClubID: ri.Club.ID, Gate: tvRead.Screen, Type: "tv"}); err != nil {
		return nil, err
	}
	return &tvOutput{Body: tvBody(v)}, nil
}

// TVProduct is a product as the TV screens show it.
type TVProduct struct {
	PID        int64           `json:"pid"`
	Titulo     string          `json:"titulo"`
	Subtitle   string          `json:"subtitle"`
	Cuerpo     string          `json:"cuerpo" doc:"Sanitised HTML"`
	Categorias string          `json:"categorias"`
	Category   int64           `json:"category"`
	Precio     amount.Cents    `json:"precio" doc:"Euros; 0 for the basic catalogue"`
	Type       string          `json:"type"`
	Imagenes   []catalog.Image `json:"imagenes"`
	Public     bool            `json:"public" doc:"Has a public page (the QR's link and the grid's link to the detail): a published product or item"`
	Token      string          `json:"public_token" doc:"The item of the public page's link; empty when it has none"`
}

type tvProductsOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         struct {
		Title    string      `json:"title" doc:"Club name"`
		Logo     Img         `json:"logo"`
		Products []TVProduct `json:"products"`
	}
}

// tvProducts is what the TV screens show: the published products of the
// point of sale that can be sold now (stock above 0 or unlimited), so a
// product that sells out or is unpublished leaves the screen at its next
// refresh, then the basic catalogue's items marked to show on TV. Each product
// shows once: a basic item that names a published product (the same title,
// accents and case folded) is that product, shown with the product's price and
// its detail page, the item lending its subtitle, text and pictures where the
// product has none (and shown only while the product can be sold). Every entry
// with a public page (a published product or item) carries its link's token.
// Sorted by category, then title, as the menu groups them.
func (s *Server) tvProducts(ctx context.Context, _ *associationQuery) (*tvProductsOutput, error) {
	c := info(ctx).Club
	on := true
	pro, _, _, err := s.Catalog.List(ctx, c.ID, catalog.Filter{Kind: catalog.KindPro, Status: &on, Limit: -1, Full: true})
	if err != nil {
		return nil, err
	}
	basic, _, _, err := s.Catalog.List(ctx, c.ID, catalog.Filter{Kind: catalog.KindBasic, Limit: -1, Full: true})
	if err != nil {
		return nil, err
	}
	out := &tvProductsOutput{CacheControl: "no-store"}
	out.Body.Title, out.Body.Logo = c.Title, Img{files.URL(c.Logo)}
	out.Body.Products = []TVProduct{}
	entry := func(p *catalog.Product) TVProduct {
		cat := int64(0)
		if p.Category != nil {
			cat = *p.Category
		}
		imgs := p.Imagenes
		if imgs == nil {
			imgs = []catalog.Image{}
		}
		token := ""
		if p.Status {
			token = p.PublicToken
		}
		return TVProduct{PID: p.PID, Titulo: p.Titulo, Subtitle: p.Subtitle, Cuerpo: social.Sanitize(p.Cuerpo),
			Categorias: p.Categorias, Category: cat, Precio: p.Precio, Type: p.Type, Imagenes: imgs, Public: token != "", Token: token}
	}
	// the published products by name; those on sale are shown
	named := map[string]int{} // folded title -> index in shown, or -1 when not on sale
	var shown []TVProduct
	for i := range pro {
		p := &pro[i]
		key := textnorm.Fold(p.Titulo)
		if p.Stock <= 0 && !p.UnlimitedStock {
			if _, seen := named[key]; !seen {
				named[key] = -1
			}
			continue
		}
		if at, seen := named[key]; seen && at >= 0 {
			continue // two products of one name on sale: the first in the list's order
		}
		named[key] = len(shown)
		shown = append(shown, entry(p))
	}
	for i := range basic {
		b := &basic[i]
		if !b.ShowInTV {
			continue
		}
		at, isProduct := named[textnorm.Fold(b.Titulo)]
		switch {
		case !isProduct:
			named[textnorm.Fold(b.Titulo)] = -1 // a second item of the same name shows once
			shown = append(shown, entry(b))
		case at >= 0:
			e := &shown[at]
			if e.Subtitle == "" {
				e.Subtitle = b.Subtitle
			}
			if strings.TrimSpace(e.Cuerpo) == "" {
				e.Cuerpo = social.Sanitize(b.Cuerpo)
			}
			if len(e.Imagenes) == 0 && len(b.Imagenes) > 0 {
				e.Imagenes = b.Imagenes
			}
		}
	}
	if shown != nil {
		out.Body.Products = shown
	}
	slices.SortStableFunc(out.Body.Products, func(a, b TVProduct) int {
		return cmp.Or(strings.Compare(a.Categorias, b.Categorias), strings.Compare(strings.ToLower(a.Titulo), strings.ToLower(b.Titulo)))
	})
	return out, nil
}
