package social

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/files"
	"socius/internal/problem"
)

// ErrEventNotFound is an event that does not exist in the club.
var ErrEventNotFound = &problem.NotFound{Code: "event.not_found", Message: "Evento no encontrado"}

var (
	errEventDates = problem.Invalidf("event.dates_required", "start_date", "Indica las fechas de inicio y de fin")
	errEventOrder = problem.Invalidf("event.dates_order", "end_date", "La fecha de fin no puede ser anterior a la de inicio")
)

// Event is a published event with the number of members signed up.
type Event struct {
	ID        int64  `db:"id"`
	Title     string `db:"title"`
	Body      string `db:"body"`
	StartDate string `db:"start_date"`
	EndDate   string `db:"end_date"`
	Created   int64  `db:"created"`
	Counter   int    `db:"counter"`
	// Attending says whether the asking member is signed up.
	Attending bool `db:"attending"`
	Images    []Image
}

// EventInput is what staff publish. Dates are calendar days of the club, YYYY-MM-DD.
type EventInput struct {
	Title, Body        string
	StartDate, EndDate string
	Images             []string
}

// Events returns the club's events, the latest start first; one id (not 0)
// narrows it to that event. memberID marks the events that member attends.
func (s *Service) Events(ctx context.Context, clubID, id, memberID int64) ([]Event, error) {
	list, err := eventsOfClub(ctx, s.db.R, clubID, id, memberID)
	if err != nil {
		return nil, err
	}
	if id != 0 && len(list) == 0 {
		return nil, ErrEventNotFound
	}
	imgs, err := eventImages(ctx, s.db.R, clubID)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Images = append([]Image{}, imgs[list[i].ID]...)
	}
	return list, nil
}

// PublishEvent stores an event with its images and returns its id.
func (s *Service) PublishEvent(ctx context.Context, clubID, userID int64, in EventInput) (int64, error) {
	body, err := checkText(&in.Title, in.Body)
	if err != nil {
		return 0, err
	}
	start, err1 := time.Parse(time.DateOnly, in.StartDate)
	end, err2 := time.Parse(time.DateOnly, in.EndDate)
	if err1 != nil || err2 != nil {
		return 0, errEventDates
	}
	if end.Before(start) {
		return 0, errEventOrder
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		var err error
		id, err = insertEvent(ctx, tx, clubID, userID, in.Title, body, start.Format(time.DateOnly), end.Format(time.DateOnly), time.Now().Unix())
		if err != nil {
			return err
		}
		return storeImages(ctx, tx, clubID, files.EventImage, "social_event_images", "event_id", id, in.Images)
	})
	return id, err
}

// DeleteEvent removes an event of the club with its sign-ups and images.
func (s *Service) DeleteEvent(ctx context.Context, clubID, id int64) error {
	found, err := deleteEvent(ctx, s.db.W, clubID, id)
	if err != nil {
		return err
	}
	if !found {
		return ErrEventNotFound
	}
	return nil
}

// Attend signs a member of the club up for one of its events, once: signing
// up again changes nothing. It returns the event's counter.
func (s *Service) Attend(ctx context.Context, clubID, eventID, memberID int64) (int, error) {
	var n int
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		found, err := countEvent(ctx, tx, clubID, eventID)
		if err != nil {
			return err
		}
		if found == 0 {
			return ErrEventNotFound
		}
		if err := insertAttendee(ctx, tx, eventID, memberID, time.Now().Unix()); err != nil {
			return err
		}
		n, err = countAttendees(ctx, tx, eventID)
		return err
	})
	return n, err
}
