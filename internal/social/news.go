package social

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
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
	list := []News{}
	if err := s.db.Select(ctx, &list, `SELECT id, title, subtitle, body, created FROM news WHERE club_id = ? ORDER BY created DESC, id DESC`, clubID); err != nil {
		return nil, err
	}
	imgs, err := s.imagesOf(ctx, `SELECT i.news_id AS owner, i.file_id, i.thumb_id FROM news_images i JOIN news n ON n.id = i.news_id
		WHERE n.club_id = ? ORDER BY i.news_id, i.position`, clubID)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Images = append([]Image{}, imgs[list[i].ID]...)
	}
	return list, nil
}

// imagesOf runs a query of (owner, file_id, thumb_id) rows in order and groups the images by owner.
func (s *Service) imagesOf(ctx context.Context, query string, args ...any) (map[int64][]Image, error) {
	var rows []struct {
		Owner int64 `db:"owner"`
		Image
	}
	if err := s.db.Select(ctx, &rows, query, args...); err != nil {
		return nil, err
	}
	out := map[int64][]Image{}
	for _, r := range rows {
		out[r.Owner] = append(out[r.Owner], r.Image)
	}
	return out, nil
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
		id, err = db.Insert(ctx, tx, `INSERT INTO news (club_id, title, subtitle, body, author_user_id, created) VALUES (?,?,?,?,?,?)`,
			clubID, in.Title, strings.TrimSpace(in.Subtitle), body, userID, time.Now().Unix())
		if err != nil {
			return err
		}
		return storeImages(ctx, tx, clubID, files.NewsImage, "news_images", "news_id", id, in.Images)
	})
	return id, err
}

// DeleteNews removes a news item of the club (its images go with it).
func (s *Service) DeleteNews(ctx context.Context, clubID, id int64) error {
	res, err := s.db.Exec(ctx, `DELETE FROM news WHERE id = ? AND club_id = ?`, id, clubID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNewsNotFound
	}
	return nil
}
