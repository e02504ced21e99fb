package httpapi

import (
	"context"
	"time"

	"socius/internal/files"
	"socius/internal/report"
	"socius/internal/social"
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
		ClubCID
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
	NID int64 `path:"nid"`
}

func (s *Server) newsDelete(ctx context.Context, in *socialDeleteInput) (*successOutput, error) {
	if err := s.Social.DeleteNews(ctx, info(ctx).Club.ID, in.NID); err != nil {
		return nil, err
	}
	out := &successOutput{}
	out.Body.Success, out.Body.Message = 1, tr(ctx, "La noticia se ha eliminado correctamente")
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
	NID int64 `query:"nid" doc:"One event"`
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
		ClubAssociation
		Title     string    `json:"title" maxLength:"400"`
		Body      string    `json:"body,omitempty" maxLength:"200000" doc:"HTML; sanitised before it is stored"`
		StartDate UnixOrDay `json:"start_date" doc:"The first day: unix seconds (any second of it, club time zone) or YYYY-MM-DD"`
		EndDate   UnixOrDay `json:"end_date" doc:"The last day, as start_date"`
		Images    []string  `json:"images,omitempty" maxItems:"10" doc:"Base64 data URLs (PNG, JPEG, GIF, WebP)"`
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
	out.Body.Success, out.Body.Message = 1, tr(ctx, "El evento se ha eliminado correctamente")
	return out, nil
}

type eventAttendInput struct {
	Body struct {
		ClubAssociation
		NID int64 `json:"nid" doc:"Event id"`
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
