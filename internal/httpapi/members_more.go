package httpapi

import (
	"context"
	"mime/multipart"

	"socius/internal/files"
	"socius/internal/member"
	"socius/internal/report"
)

// Member documents, member categories and the door (check-in/out).

type uploadInput struct {
	RawBody multipart.Form
}

type uploadOutput struct {
	Body []member.Document
}

// fileUpload stores member documents (PDF or images, 10 MB each), checked by content.
func (s *Server) fileUpload(ctx context.Context, in *uploadInput) (*uploadOutput, error) {
	clubID := info(ctx).Club.ID
	fhs := in.RawBody.File["files"]
	if len(fhs) == 0 {
		fhs = in.RawBody.File["files[]"]
	}
	// every file is checked first, then all are stored in one transaction:
	// a refused upload stores nothing
	ups, err := files.Documents(fhs)
	if err != nil {
		return nil, err
	}
	ids, err := s.Files.SaveAll(ctx, clubID, files.MemberDocument, ups)
	if err != nil {
		return nil, err
	}
	out := &uploadOutput{Body: []member.Document{}}
	for i, u := range ups {
		out.Body = append(out.Body, member.Document{FID: ids[i], URL: files.URL(ids[i]), Name: u.Name})
	}
	return out, nil
}

type categoriesInput struct {
}

type categoriesOutput struct{ Body []member.Category }

func (s *Server) memberCategories(ctx context.Context, _ *categoriesInput) (*categoriesOutput, error) {
	list, err := s.Members.Categories(ctx, info(ctx).Club.ID)
	return &categoriesOutput{Body: list}, err
}

type categoryBody struct {
	ClubAssociation
	Title     string `json:"title" maxLength:"80"`
	Descuento int    `json:"descuento"`
}

type categoryCreateInput struct{ Body categoryBody }

type categoryUpdateInput struct {
	NID  int64 `path:"nid"`
	Body categoryBody
}

type categoryOutput struct{ Body member.Category }

func (s *Server) memberCategoryCreate(ctx context.Context, in *categoryCreateInput) (*categoryOutput, error) {
	c, err := s.Clubs.SaveMemberCategory(ctx, info(ctx).Club.ID, 0, in.Body.Title, in.Body.Descuento)
	if err != nil {
		return nil, err
	}
	return &categoryOutput{Body: *c}, nil
}

func (s *Server) memberCategoryUpdate(ctx context.Context, in *categoryUpdateInput) (*categoryOutput, error) {
	c, err := s.Clubs.SaveMemberCategory(ctx, info(ctx).Club.ID, in.NID, in.Body.Title, in.Body.Descuento)
	if err != nil {
		return nil, err
	}
	return &categoryOutput{Body: *c}, nil
}

type categoryDeleteInput struct {
	NID int64 `path:"nid"`
}

func (s *Server) memberCategoryDelete(ctx context.Context, in *categoryDeleteInput) (*okOutput, error) {
	return &okOutput{}, s.Clubs.DeleteMemberCategory(ctx, info(ctx).Club.ID, in.NID)
}

type checkInput struct {
	PatientID int64 `path:"patient_id"`
	Body      struct {
		ClubAssociation
		Datetime int64  `json:"datetime" doc:"Unix seconds; 0 for now"`
		Action   string `json:"action" enum:"ENTRA,SALE"`
	}
}

type checkOutput struct{ Body member.AccessEvent }

func (s *Server) checkInOut(ctx context.Context, in *checkInput) (*checkOutput, error) {
	ri := info(ctx)
	e, err := s.Members.CheckInOut(ctx, ri.Club.ID, in.PatientID, ri.User.ID, in.Body.Action, in.Body.Datetime)
	if err != nil {
		return nil, err
	}
	return &checkOutput{Body: *e}, nil
}

type AccessHistoryQuery struct {
	StartDate int64 `query:"start_date" required:"true"`
	EndDate   int64 `query:"end_date" required:"true"`
	CardID    int64 `query:"card_id" doc:"Only this member"`
}

type accessHistoryOutput struct {
	Body struct {
		Data []member.AccessRow `json:"data"`
	}
}

func (s *Server) accessHistory(ctx context.Context, in *AccessHistoryQuery) (*accessHistoryOutput, error) {
	if in.EndDate < in.StartDate {
		return nil, report.ErrRange
	}
	if err := s.reportMember(ctx, in.CardID); err != nil {
		return nil, err
	}
	rows, err := s.Members.AccessHistory(ctx, info(ctx).Club.ID, in.StartDate, in.EndDate, in.CardID)
	if err != nil {
		return nil, err
	}
	out := &accessHistoryOutput{}
	out.Body.Data = rows
	return out, nil
}
