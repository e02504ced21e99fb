package httpapi

import (
	"fmt"
	"mime/multipart"
	"net/http"
	"reflect"
	"strconv"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
)

// The club a request body names, one type per field name the API uses; a body
// embeds the one its gate names (Body("asocid") → ClubAsocid). The gate reads it
// once huma has decoded the body (register), so handlers never do: they use the
// gate's club. The field is optional in the schema so that a body without it gets
// the gate's club.required naming the field; 0 counts as missing.

// clubField is what the gate reads from a decoded body.
type clubField interface {
	clubField() (name string, id int64)
}

// ClubAssociation is a body's club in "association".
type ClubAssociation struct {
	Association int64 `json:"association" required:"false" doc:"Club id"`
}

// ClubAsocid is a body's club in "asocid".
type ClubAsocid struct {
	Asocid int64 `json:"asocid" required:"false" doc:"Club id"`
}

// ClubCID is a body's club in "cid".
type ClubCID struct {
	CID int64 `json:"cid" required:"false" doc:"Club id"`
}

func (c *ClubAssociation) clubField() (string, int64) { return "association", c.Association }
func (c *ClubAsocid) clubField() (string, int64)      { return "asocid", c.Asocid }
func (c *ClubCID) clubField() (string, int64)         { return "cid", c.CID }

var (
	clubFieldType = reflect.TypeFor[clubField]()
	formType      = reflect.TypeFor[multipart.Form]()
)

// inputClub returns how register reads the club of a body or form gate from the
// decoded input I ("" when it names none), or nil for other gates. It panics at
// start when the input has no such field.
func inputClub[I any](g Gate) func(*I) string {
	t := reflect.TypeFor[I]()
	if g.Kind != gateClub || (g.From.In != "body" && g.From.In != "form") {
		if f, ok := t.FieldByName("Body"); ok && reflect.PointerTo(f.Type).Implements(clubFieldType) {
			panic(fmt.Sprintf("%s names a club in its body that its gate does not read", t))
		}
		return nil
	}
	switch g.From.In {
	case "body":
		if f, ok := t.FieldByName("Body"); ok && reflect.PointerTo(f.Type).Implements(clubFieldType) {
			if name, _ := reflect.New(f.Type).Interface().(clubField).clubField(); name == g.From.Name {
				return func(in *I) string {
					_, id := reflect.ValueOf(in).Elem().FieldByIndex(f.Index).Addr().Interface().(clubField).clubField()
					if id == 0 {
						return ""
					}
					return strconv.FormatInt(id, 10)
				}
			}
		}
	case "form":
		if f, ok := t.FieldByName("RawBody"); ok && f.Type == formType {
			return func(in *I) string {
				form := reflect.ValueOf(in).Elem().FieldByIndex(f.Index).Addr().Interface().(*multipart.Form)
				if v := form.Value[g.From.Name]; len(v) > 0 {
					return v[0]
				}
				return ""
			}
		}
	}
	panic(fmt.Sprintf("gate reads the club from %s field %q that %s does not have", g.From.In, g.From.Name, t))
}

// hasBody tells whether huma reads the body of requests to input I.
func hasBody[I any]() bool {
	t := reflect.TypeFor[I]()
	if t.Kind() != reflect.Struct {
		return false
	}
	_, body := t.FieldByName("Body")
	_, raw := t.FieldByName("RawBody")
	return body || raw
}

// isForm tells whether input I is a multipart form.
func isForm[I any]() bool {
	t := reflect.TypeFor[I]()
	if t.Kind() != reflect.Struct {
		return false
	}
	f, ok := t.FieldByName("RawBody")
	return ok && f.Type == formType
}

// limitForm holds a multipart body to the operation's size limit, which huma
// applies to other bodies but not to forms.
func limitForm(ctx huma.Context, next func(huma.Context)) {
	r, w := humago.Unwrap(ctx)
	limit := ctx.Operation().MaxBodyBytes
	if limit <= 0 {
		limit = 1 << 20 // huma's default
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	next(ctx)
}
