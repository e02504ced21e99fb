package social

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/files"
	"socius/internal/problem"
)

// ErrNewsNotFound is a news item that does not exist in the club.
var ErrNewsNotFound = &problem.NotFound{Code: "news.not_found", Message: "Noticia no encontrada"}

// News is a published news item.
type News struct {
	ID       int64  `db:"id"`
	Title    string `db:"title"`
	Subtitle string `db:"subtitle"`
	Body     string `db:"body"`
	Created  int64  `db:"created"`
	Images   []Image
}

// NewsInput is what staff publish.
type NewsInput struct {
	Title, Subtitle, Body string
	// Images as the spec sends them: base64 data URLs, or stored ones by URL.
	Images []string
}

// NewsList returns the club's news, newest first.
func (s *Service) NewsList(ctx context.Context, clubID int64) ([]News, error) {
	list, err := newsOfClub(ctx, s.db.R, clubID)
	if err != nil {
		return nil, err
	}
	imgs, err := newsImages(ctx, s.db.R, clubID)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Images = append([]Image{}, imgs[list[i].ID]...)
	}
	return list, nil
}

// PublishNews stores a news item with its images and returns its id.
func (s *Service) PublishNews(ctx context.Context, clubID, userID int64, in NewsInput) (int64, error) {
	body, err := checkText(&in.Title, in.Body)
	if err != nil {
		return 0, err
	}
	if len([]rune(in.Subtitle)) > MaxTitle {
		return 0, problem.Invalidf("social.subtitle_too_long", "subtitle", "El subtítulo no puede tener más de 200 caracteres")
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		var err error
		id, err = insertNews(ctx, tx, clubID, userID, in.Title, strings.TrimSpace(in.Subtitle), body, time.Now().Unix())
		if err != nil {
			return err
		}
		return storeImages(ctx, tx, clubID, files.NewsImage, "news_images", "news_id", id, in.Images)
	})
	return id, err
}

// DeleteNews removes a news item of the club (its images go with it).
func (s *Service) DeleteNews(ctx context.Context, clubID, id int64) error {
	found, err := deleteNews(ctx, s.db.W, clubID, id)
	if err != nil {
		return err
	}
	if !found {
		return ErrNewsNotFound
	}
	return nil
}
