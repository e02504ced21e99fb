package httpapi

import (
	"context"
	"errors"
	"net/http"

	"socius/internal/access"
	"socius/internal/club"
	"socius/internal/files"
	"socius/internal/social"
)

// Img is the spec's {img: url} image reference.
type Img struct {
	Img string `json:"img"`
}

// ClubSummary is an entry of the user's club list.
type ClubSummary struct {
	NID       int64  `json:"nid"`
	Title     string `json:"title"`
	Logo      Img    `json:"logo"`
	Suspended bool   `json:"suspended" doc:"The provider has suspended the club: its screens are refused"`
}

type myClubsOutput struct {
	Body struct {
		Data []ClubSummary `json:"data"`
	}
}

func (s *Server) myClubs(ctx context.Context, _ *struct{}) (*myClubsOutput, error) {
	list, err := s.Clubs.ForUser(ctx, info(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	out := &myClubsOutput{}
	out.Body.Data = make([]ClubSummary, 0, len(list))
	for _, c := range list {
		out.Body.Data = append(out.Body.Data, ClubSummary{NID: c.ID, Title: c.Title, Logo: Img{files.URL(c.Logo)}, Suspended: c.Suspended})
	}
	return out, nil
}

// ClubReply is the club as the spec's retrieve call returns it.
type ClubReply struct {
	NID              int64           `json:"nid"`
	Title            string          `json:"title"`
	Logo             Img             `json:"logo"`
	Body             string          `json:"body"`
	Images           []Img           `json:"images"`
	FullHTML         string          `json:"full_html"`
	HTMLDesign       string          `json:"html_design"`
	Functionalities  map[string]bool `json:"functionalities"`
	CashPermission   bool            `json:"cashPermission"`
	CardPermission   bool            `json:"cardPermission"`
	WalletPermission bool            `json:"walletPermission"`
	Roles            []string        `json:"roles"`
	Timezone         string          `json:"timezone" doc:"The club's time zone (IANA name, Europe/Madrid unless configured): dates and times are shown in it"`
	Suspended        bool            `json:"suspended" doc:"The provider has suspended the club: every screen is refused with the feature alert, and functionalities are all false"`
}

type clubOutput struct{ Body ClubReply }

// notSuspended refuses, as the club gate does, what a handler that checks its
// club itself would serve of a club the provider has suspended.
func (s *Server) notSuspended(ctx context.Context, clubID int64) error {
	c, err := s.Clubs.Get(ctx, clubID)
	if err != nil {
		return err
	}
	if c.Suspended {
		return Fail(http.StatusForbidden, "access.feature", msgDenied, info(ctx).User.Username)
	}
	return nil
}

func (s *Server) clubReply(ctx context.Context, c *club.Club, st *club.Staff) (*clubOutput, error) {
	pay, err := s.Clubs.Payments(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	r := ClubReply{NID: c.ID, Title: c.Title, Logo: Img{files.URL(c.Logo)}, Body: c.Body, Images: []Img{},
		FullHTML: c.FullHTML, HTMLDesign: c.HTMLDesign, Functionalities: map[string]bool{},
		CashPermission: pay.Cash, CardPermission: pay.Card, WalletPermission: pay.Wallet, Roles: st.Roles,
		Timezone: c.Location().String()}
	for _, id := range c.ImageIDs() {
		r.Images = append(r.Images, Img{files.URL(id)})
	}
	r.Suspended = c.Suspended
	for _, f := range access.Flags {
		r.Functionalities[f] = c.Flags[f] && !c.Suspended
	}
	return &clubOutput{Body: r}, nil
}

type clubRetrieveInput struct {
}

func (s *Server) clubRetrieve(ctx context.Context, _ *clubRetrieveInput) (*clubOutput, error) {
	ri := info(ctx)
	return s.clubReply(ctx, ri.Club, ri.Staff)
}

type clubUpdateInput struct {
	Body struct {
		Title      *string   `json:"title,omitempty" maxLength:"120"`
		Body       *string   `json:"body,omitempty" maxLength:"200000"`
		FullHTML   *string   `json:"full_html,omitempty" maxLength:"2000000"`
		HTMLDesign *string   `json:"html_design,omitempty" maxLength:"4000000"`
		Logo       *string   `json:"logo,omitempty" doc:"New logo as a base64 data URL"`
		Images     *[]string `json:"images,omitempty" maxItems:"20" doc:"Images: stored ones by their URL, new ones as base64 data URLs"`
	}
}

// clubUpdate saves the club page (club configuration screen).
func (s *Server) clubUpdate(ctx context.Context, in *clubUpdateInput) (*clubOutput, error) {
	ri := info(ctx)
	u := club.Update{Title: in.Body.Title, Body: in.Body.Body, FullHTML: in.Body.FullHTML, HTMLDesign: in.Body.HTMLDesign}
	if u.Body != nil {
		// The basic page's body is HTML shown on the club page: sanitised like news.
		// full_html is the designer's whole page and only ever runs in a sandboxed frame.
		clean := social.Sanitize(*u.Body)
		u.Body = &clean
	}
	if in.Body.Logo != nil {
		b, err := files.DecodeDataURL(*in.Body.Logo)
		if err != nil {
			return nil, err
		}
		u.Logo = &b
	}
	if in.Body.Images != nil {
		var fresh [][]byte
		u.KeepImages = []string{}
		for _, img := range *in.Body.Images {
			if id, ok := files.StoredID(img); ok {
				u.KeepImages = append(u.KeepImages, id)
				continue
			}
			b, err := files.DecodeDataURL(img)
			if err != nil {
				return nil, err
			}
			fresh = append(fresh, b)
		}
		u.Images = &fresh
	}
	if err := s.Clubs.Save(ctx, ri.Club.ID, u); err != nil {
		return nil, err
	}
	c, err := s.Clubs.Get(ctx, ri.Club.ID)
	if err != nil {
		return nil, err
	}
	return s.clubReply(ctx, c, ri.Staff)
}

type fileInput struct {
	ID string `path:"id" pattern:"^[0-9a-f]{64}$"`
}

type fileOutput struct {
	ContentType  string `header:"Content-Type"`
	Disposition  string `header:"Content-Disposition"`
	CacheControl string `header:"Cache-Control"`
	ETag         string `header:"ETag"`
	CSP          string `header:"Content-Security-Policy"`
	Body         []byte
}

// file serves a stored file to staff of the club that owns it. Files are
// content-addressed, so they are cached for good.
func (s *Server) file(ctx context.Context, in *fileInput) (*fileOutput, error) {
	f, err := s.Files.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if f.ClubID != nil {
		st, err := s.Clubs.StaffOf(ctx, info(ctx).User.ID, *f.ClubID)
		if errors.Is(err, club.ErrNoMemberRecord) || (err == nil && !st.Active) {
			return nil, Fail(http.StatusForbidden, "access.denied", msgDenied, info(ctx).User.Username)
		}
		if err != nil {
			return nil, err
		}
		// a suspended club's own logo and page pictures still show (its name in the club switcher,
		// the notice); nothing else of it does
		if page, err := s.Clubs.PageImage(ctx, f.ID); err != nil {
			return nil, err
		} else if !page {
			if err := s.notSuspended(ctx, *f.ClubID); err != nil {
				return nil, err
			}
		}
		if !st.IsStaff {
			// A member sees the pictures of the club's published news and events, nothing else.
			shown := false
			if files.ForMembers(f.Purpose) {
				if shown, err = s.Social.ImageShown(ctx, *f.ClubID, f.ID); err != nil {
					return nil, err
				}
			}
			if !shown {
				return nil, Fail(http.StatusForbidden, "access.denied", msgDenied, info(ctx).User.Username)
			}
		}
	}
	return &fileOutput{ContentType: f.ContentType, Disposition: disposition(f), CacheControl: "private, max-age=31536000, immutable",
		ETag: `"` + f.ID[:32] + `"`, CSP: fileCSP, Body: f.Data}, nil
}

// fileCSP keeps a stored file inert even if a browser renders it as a page.
const fileCSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'"

// disposition shows raster images inline (photos, product pictures) and
// makes everything else (PDF documents, anything that could hold a page)
// a download.
func disposition(f *files.File) string {
	switch f.ContentType {
	case "image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml":
		return "inline"
	}
	name := "documento"
	if f.ContentType == "application/pdf" {
		name += ".pdf"
	}
	return `attachment; filename="` + name + `"`
}
