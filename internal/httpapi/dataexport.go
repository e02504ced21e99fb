package httpapi

import (
	"context"

	"socius/internal/dataexport"
)

type dataExportInput struct {
	NID    int64  `path:"nid"`
	Format string `query:"format" enum:"json,pdf" default:"json" doc:"json: the whole record as one document; pdf: a printable copy"`
	Lang   string `header:"Accept-Language" doc:"The printed copy's language when it is one of es, ca, it, pt, en, fr, de; Spanish otherwise"`
}

// memberDataExport hands out everything the club holds about a member, as
// socio-<number>.json or .pdf, and logs that it was made.
func (s *Server) memberDataExport(ctx context.Context, in *dataExportInput) (*downloadOutput, error) {
	ri := info(ctx)
	f, err := s.DataExport.Export(ctx, dataexport.Request{ClubID: ri.Club.ID, ClubName: ri.Club.Title, Zone: ri.Club.Location(),
		MemberID: in.NID, StaffID: ri.User.ID, Format: in.Format, Lang: in.Lang})
	if err != nil {
		return nil, err
	}
	return &downloadOutput{ContentType: f.ContentType, ContentDisposition: `attachment; filename="` + f.Name + `"`,
		CacheControl: "no-store", Body: f.Body}, nil
}

type dataExportsInput struct {
	NID int64 `path:"nid"`
}

type dataExportsOutput struct {
	Body struct {
		Data []dataexport.Record `json:"data" doc:"The member's last exports, newest first"`
	}
}

func (s *Server) memberDataExports(ctx context.Context, in *dataExportsInput) (*dataExportsOutput, error) {
	list, err := s.DataExport.Exports(ctx, info(ctx).Club.ID, in.NID)
	out := &dataExportsOutput{}
	out.Body.Data = list
	return out, err
}
