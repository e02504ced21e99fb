package httpapi

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/files"
	"socius/internal/notify"
	"socius/internal/report"
	"socius/internal/social"
	"socius/internal/textnorm"
)

// News and events (spec part 2 §7 "Club and communication"). Staff with the
// screens' roles publish and delete; every active member of the club reads
// them (the members' app), so the retrieve calls open their gate to members.
func (s *Server) registerSocialRoutes() {
	register(s, op("GET", "/api/news/retrieve", "newsList", "The club's news, newest first (staff and the club's members)"),
		Club("news", Query("association")).OrMembers(), s.newsList)
	news := op("POST", "/api/news", "newsPublish", "Publish a news item")
	news.MaxBodyBytes = 48 << 20
	register(s, news, Club("newscreate", Body("cid")), s.newsPublish)
	register(s, op("DELETE", "/api/news/{nid}", "newsDelete", "Delete a news item"), Club("news", Query("association")), s.newsDelete)

	register(s, op("GET", "/api/event/retrieve", "eventList", "The club's events with their sign-up counters (staff and the club's members)"),
		Club("events", Query("association")).OrMembers(), s.eventList)
	event := op("POST", "/api/event", "eventPublish", "Publish an event")
	event.MaxBodyBytes = 48 << 20
	register(s, event, Club("eventcreate", Body("association")), s.eventPublish)
	register(s, op("DELETE", "/api/event/{nid}", "eventDelete", "Delete an event and its sign-ups"), Club("events", Query("association")), s.eventDelete)
	register(s, op("POST", "/api/event/attend", "eventAttend", "Sign the caller's own member record up for an event, once"),
		Club("events", Body("association")).OrMembers(), s.eventAttend)
	s.registerConsultRoutes()
	register(s, op("GET", "/api/tv_settings", "tvSettings", "How the club's TV screens look and move (the defaults until saved)"),
		tvRead, s.tvSettings)
	register(s, op("PUT", "/api/tv_settings", "tvSave", "Save the club's TV settings"), Club("tvshowsettings", Body("association")), s.tvSave)
	register(s, op("GET", "/api/tv_products", "tvProducts", "What the TV screens show: products on sale now and the basic items marked for TV"),
		Club("tvshows", Query("association")), s.tvProducts)
}

// Who reads consultations and the TV settings: the gates of their retrieve
// routes, and so of the live events that reveal them.
var (
	consultsRead = Club("consults", Query("association")).OrMembers()
	tvRead       = Club("tvshows", Query("association"))
)

// SocialImage is a published picture: the image and its thumbnail.
type SocialImage struct {
	Img   string `json:"img"`
	Thumb string `json:"thumb"`
}

func socialImages(list []social.Image) []SocialImage {
	out := make([]SocialImage, len(list))
	for i, im := range list {
		out[i] = SocialImage{Img: files.URL(im.File), Thumb: files.URL(im.Thumb)}
	}
	return out
}

// NewsItem is the spec's News.
type NewsItem struct {
	NID      int64         `json:"nid"`
	Title    string        `json:"title"`
	Subtitle string        `json:"subtitle"`
	Body     string        `json:"body" doc:"Sanitised HTML"`
	Images   []SocialImage `json:"images"`
	Created  int64         `json:"created" doc:"Unix seconds"`
}

func newsItem(n *social.News) NewsItem {
	return NewsItem{NID: n.ID, Title: n.Title, Subtitle: n.Subtitle, Body: n.Body, Images: socialImages(n.Images), Created: n.Created}
}

type associationQuery struct {
	Association int64 `query:"association" required:"true"`
}

type newsListOutput struct{ Body []NewsItem }

func (s *Server) newsList(ctx context.Context, _ *associationQuery) (*newsListOutput, error) {
	list, err := s.Social.NewsList(ctx, info(ctx).Club.ID)
	if err != nil {
		return nil, err
	}
	out := &newsListOutput{Body: make([]NewsItem, len(list))}
	for i := range list {
		out.Body[i] = newsItem(&list[i])
	}
	return out, nil
}

type newsPublishInput struct {
	Body struct {
		CID      int64    `json:"cid" doc:"Club id"`
		Title    string   `json:"title" maxLength:"400"`
		Subtitle string   `json:"subtitle,omitempty" maxLength:"400"`
		Body     string   `json:"body,omitempty" maxLength:"200000" doc:"HTML; sanitised before it is stored"`
		Images   []string `json:"images,omitempty" maxItems:"10" doc:"Base64 data URLs (PNG, JPEG, GIF, WebP)"`
	}
}

type newsOutput struct{ Body NewsItem }

func (s *Server) newsPublish(ctx context.Context, in *newsPublishInput) (*newsOutput, error) {
	ri := info(ctx)
	id, err := s.Social.PublishNews(ctx, ri.Club.ID, ri.User.ID, social.NewsInput{Title: in.Body.Title, Subtitle: in.Body.Subtitle,
		Body: in.Body.Body, Images: in.Body.Images})
	if err != nil {
		return nil, err
	}
	list, err := s.Social.NewsList(ctx, ri.Club.ID)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if list[i].ID == id {
			return &newsOutput{Body: newsItem(&list[i])}, nil
		}
	}
	return nil, social.ErrNewsNotFound
}

type socialDeleteInput struct {
	NID         int64 `path:"nid"`
	Association int64 `query:"association" required:"true"`
}

func (s *Server) newsDelete(ctx context.Context, in *socialDeleteInput) (*successOutput, error) {
	if err := s.Social.DeleteNews(ctx, info(ctx).Club.ID, in.NID); err != nil {
		return nil, err
	}
	out := &successOutput{}
	out.Body.Success, out.Body.Message = 1, "La noticia se ha eliminado correctamente"
	return out, nil
}

// EventItem is the spec's Event.
type EventItem struct {
	NID       int64         `json:"nid"`
	Title     string        `json:"title"`
	Body      string        `json:"body" doc:"Sanitised HTML"`
	StartDate int64         `json:"start_date" doc:"Unix seconds: 00:00:00 of the first day, club time zone"`
	EndDate   int64         `json:"end_date" doc:"Unix seconds: 23:59:59 of the last day, club time zone"`
	Images    []SocialImage `json:"images"`
	Counter   int           `json:"counter" doc:"Members signed up"`
	Attending bool          `json:"attending" doc:"Whether the caller's member record is signed up"`
	Created   int64         `json:"created" doc:"Unix seconds"`
}

// eventItem answers an event's days, stored as calendar days of the club, as the first and the
// last second of its span.
func eventItem(e *social.Event, loc *time.Location) EventItem {
	first, _ := report.Day(e.StartDate, loc)
	last, _ := report.Day(e.EndDate, loc)
	return EventItem{NID: e.ID, Title: e.Title, Body: e.Body, StartDate: first.Start, EndDate: last.End, Images: socialImages(e.Images),
		Counter: e.Counter, Attending: e.Attending, Created: e.Created}
}

type eventListInput struct {
	Association int64 `query:"association" required:"true"`
	NID         int64 `query:"nid" doc:"One event"`
}

type eventListOutput struct{ Body []EventItem }

func (s *Server) eventList(ctx context.Context, in *eventListInput) (*eventListOutput, error) {
	ri := info(ctx)
	list, err := s.Social.Events(ctx, ri.Club.ID, in.NID, ri.Staff.MemberID)
	if err != nil {
		return nil, err
	}
	out := &eventListOutput{Body: make([]EventItem, len(list))}
	for i := range list {
		out.Body[i] = eventItem(&list[i], ri.Club.Location())
	}
	return out, nil
}

type eventPublishInput struct {
	Body struct {
		Association int64     `json:"association" doc:"Club id"`
		Title       string    `json:"title" maxLength:"400"`
		Body        string    `json:"body,omitempty" maxLength:"200000" doc:"HTML; sanitised before it is stored"`
		StartDate   UnixOrDay `json:"start_date" doc:"The first day: unix seconds (any second of it, club time zone) or YYYY-MM-DD"`
		EndDate     UnixOrDay `json:"end_date" doc:"The last day, as start_date"`
		Images      []string  `json:"images,omitempty" maxItems:"10" doc:"Base64 data URLs (PNG, JPEG, GIF, WebP)"`
	}
}

type eventOutput struct{ Body EventItem }

func (s *Server) eventPublish(ctx context.Context, in *eventPublishInput) (*eventOutput, error) {
	ri := info(ctx)
	b := in.Body
	loc := ri.Club.Location()
	id, err := s.Social.PublishEvent(ctx, ri.Club.ID, ri.User.ID, social.EventInput{Title: b.Title, Body: b.Body,
		StartDate: b.StartDate.Day(loc), EndDate: b.EndDate.Day(loc), Images: b.Images})
	if err != nil {
		return nil, err
	}
	list, err := s.Social.Events(ctx, ri.Club.ID, id, ri.Staff.MemberID)
	if err != nil {
		return nil, err
	}
	return &eventOutput{Body: eventItem(&list[0], loc)}, nil
}

func (s *Server) eventDelete(ctx context.Context, in *socialDeleteInput) (*successOutput, error) {
	if err := s.Social.DeleteEvent(ctx, info(ctx).Club.ID, in.NID); err != nil {
		return nil, err
	}
	out := &successOutput{}
	out.Body.Success, out.Body.Message = 1, "El evento se ha eliminado correctamente"
	return out, nil
}

type eventAttendInput struct {
	Body struct {
		Association int64 `json:"association" doc:"Club id"`
		NID         int64 `json:"nid" doc:"Event id"`
	}
}

type eventAttendOutput struct {
	Body struct {
		NID       int64 `json:"nid"`
		Counter   int   `json:"counter"`
		Attending bool  `json:"attending"`
	}
}

// eventAttend signs up the caller's own member record of the gate's club:
// nobody can sign another member up.
func (s *Server) eventAttend(ctx context.Context, in *eventAttendInput) (*eventAttendOutput, error) {
	ri := info(ctx)
	n, err := s.Social.Attend(ctx, ri.Club.ID, in.Body.NID, ri.Staff.MemberID)
	if err != nil {
		return nil, err
	}
	out := &eventAttendOutput{}
	out.Body.NID, out.Body.Counter, out.Body.Attending = in.Body.NID, n, true
	return out, nil
}

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
	Association int64 `query:"association" required:"true"`
	NID         int64 `query:"nid" doc:"One consultation"`
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
		Association int64  `json:"association" doc:"Club id"`
		NID         int64  `json:"nid,omitempty" doc:"The consultation to comment on; absent or 0: a new consultation"`
		Title       string `json:"title,omitempty" maxLength:"400" doc:"A new consultation's title"`
		Body        string `json:"body" maxLength:"8000"`
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
	out.Body.Success, out.Body.Message = 1, "La consulta se ha eliminado correctamente"
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
		Association int64 `json:"association" doc:"Club id"`
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
