package httpapi_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image/color"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"socius/internal/access"
	"socius/internal/httpapi"
	"socius/internal/testkit"
)

// The object-level access matrix. The gate test proves that a request naming
// a club comes from staff of that club; this one proves that the objects a
// request names are looked up inside that club. The inputs that can name an
// object are found in the OpenAPI document (path parameters, integer query
// parameters and public link tokens, integer and file fields of the JSON
// bodies, one level into arrays of objects), so a new route or field appears here by itself and
// fails until objectInputs says what it names.
//
// Each case: the administrator of club Beta, with every role, in a club with
// every flag, sends the route's request naming Beta and, in the input under
// test, Alfa's object; every other object input names Beta's own. The reply
// must be a refusal (4xx, not a schema error) and no row of any table may
// change. The same request with Beta's own object must not be refused the
// same way, or the case proved nothing (its body needs objectBodies).

// Kinds of object a request can name.
const (
	oMember        = "member"           // members.id (nid, membership_id, card_id …)
	oMemberUser    = "member_user"      // users.id of a member (uid)
	oProduct       = "product"          // products.id
	oProductLink   = "product_link"     // a product's public_token, the item of its public link
	oProductCat    = "product_category" // a dispensary category
	oMemberCat     = "member_category"
	oFee           = "fee"
	oOrder         = "order"
	oCoupon        = "coupon"
	oDocument      = "document"      // a stored document's fid
	oProductImage  = "product_image" // a stored picture's address, one kind per purpose:
	oNewsImage     = "news_image"    // a file keeps the purpose it was uploaded for
	oEventImage    = "event_image"
	oClubPicture   = "club_picture"
	oGuarantor     = "guarantor"  // a second member
	oBasicItem     = "basic_item" // a product of the basic kind (TV menus)
	oMovementImage = "movement_image"
	oMemberPhoto   = "member_photo"
	oPaidOrder     = "paid_order"
	oClub          = "club" // a club named outside the gate (routes open to any user)
	oInventory     = "inventory"
	oCashClose     = "cash_close"
	oNews          = "news"
	oEvent         = "event"
	oConsult       = "consult"
	oStrain        = "strain"
	oBatch         = "batch"
	notAnObject    = "-"
)

// objectInputs says what each discovered input names. The key is
// "METHOD path in:name"; "-" marks an input that names no object of a club.
var objectInputs = map[string]string{
	// the provider's console acts on any club by design (its gate: provider administrators only)
	"PUT /api/provider/club/{id}/flags path:id":                notAnObject,
	"PUT /api/provider/club/{id}/suspended path:id":            notAnObject,
	"DELETE /api/association_category/{nid} path:nid":          oProductCat,
	"PUT /api/association_category/{nid} path:nid":             oProductCat,
	"GET /api/cash_close/ query:cid":                           oCashClose,
	"POST /api/strain body:id":                                 oStrain,
	"DELETE /api/strain/{id} path:id":                          oStrain,
	"POST /api/grow_intake body:strain":                        oStrain,
	"POST /api/batch body:strain":                              oStrain,
	"GET /api/batch/{id} path:id":                              oBatch,
	"POST /api/batch/{id}/phase path:id":                       oBatch,
	"POST /api/batch/{id}/harvest path:id":                     oBatch,
	"POST /api/batch/{id}/lab path:id":                         oBatch,
	"POST /api/batch/{id}/destroy path:id":                     oBatch,
	"POST /api/batch/{id}/destroy body:pid":                    oProduct,
	"POST /api/batch/{id}/release path:id":                     oBatch,
	"POST /api/batch/{id}/release body:pid":                    oProduct,
	"GET /api/product_batches query:pid":                       oProduct,
	"GET /api/order/{oid}/slip path:oid":                       oPaidOrder,
	"GET /api/cash_close/export query:cid":                     oCashClose,
	"GET /api/checkin_checkout query:card_id":                  oMember,
	"GET /api/checkin_checkout/export query:card_id":           oMember,
	"POST /api/checkin_checkout/{patient_id} path:patient_id":  oMember,
	"GET /api/consult/retrieve query:nid":                      oConsult,
	"DELETE /api/consult/{nid} path:nid":                       oConsult,
	"POST /api/consult/create body:nid":                        oConsult,
	"GET /api/dispensario query:pid":                           oProduct,
	"GET /api/dispensario query:category":                      oProductCat,
	"GET /api/dispensario/export query:pid":                    oProduct,
	"GET /api/dispensario/export query:category":               oProductCat,
	"POST /api/dispensario body:pid":                           oProduct,
	"POST /api/dispensario body:category":                      oProductCat,
	"POST /api/dispensario body:images[]":                      oProductImage,
	"POST /api/dispensario/delete body:pid":                    oProduct,
	"POST /api/dispensario/delete body:productsArray[]":        oProduct,
	"POST /api/event/attend body:nid":                          oEvent,
	"GET /api/event/retrieve query:nid":                        oEvent,
	"DELETE /api/event/{nid} path:nid":                         oEvent,
	"POST /api/event body:images[]":                            oEventImage,
	"POST /api/fee body:pid":                                   oFee,
	"POST /api/fee/ body:pid":                                  oFee,
	"DELETE /api/fee/{pid} path:pid":                           oFee,
	"GET /api/ficha_socio query:uid":                           oMemberUser,
	"GET /api/ficha_socio query:nid":                           oMember,
	"GET /api/ficha_socio/ query:uid":                          oMemberUser,
	"GET /api/ficha_socio/ query:nid":                          oMember,
	"GET /api/ficha_socio/export query:uid":                    oMemberUser,
	"GET /api/ficha_socio/export query:nid":                    oMember,
	"POST /api/ficha_socio body:nid":                           oMember,
	"POST /api/ficha_socio body:membership_id":                 oMember,
	"POST /api/ficha_socio body:category_member":               oMemberCat,
	"POST /api/ficha_socio body:endorsement_member[]":          oGuarantor,
	"POST /api/ficha_socio body:documents[]":                   oDocument,
	"POST /api/ficha_socio body:foto":                          oMemberPhoto,
	"POST /api/ficha_socio body:signature":                     notAnObject,
	"DELETE /api/ficha_socio/{nid} path:nid":                   oMember,
	"GET /api/ficha_socio/{nid}/data_export path:nid":          oMember,
	"GET /api/ficha_socio/{nid}/data_exports path:nid":         oMember,
	"GET /api/ficha_socio/dni_check query:nid":                 oMember,
	"GET /api/files/{id} path:id":                              oDocument,
	"GET /api/inventory query:nid":                             oInventory,
	"POST /api/inventory body:nid":                             oInventory,
	"POST /api/inventory body:category":                        oProductCat,
	"POST /api/inventory_movement body:iid":                    oInventory,
	"POST /api/inventory_movement body:images[]":               oMovementImage,
	"POST /api/item body:nid":                                  oBasicItem,
	"POST /api/item body:listnid":                              oProductCat,
	"POST /api/item body:images[]":                             oProductImage,
	"POST /api/item/delete body:nid":                           oBasicItem,
	"DELETE /api/membership_category/{nid} path:nid":           oMemberCat,
	"PUT /api/membership_category/{nid} path:nid":              oMemberCat,
	"DELETE /api/news/{nid} path:nid":                          oNews,
	"POST /api/news body:images[]":                             oNewsImage,
	"POST /api/order body:oid":                                 oOrder,
	"POST /api/order body:membership_id":                       oMember,
	"POST /api/order body:products[].pid":                      oProduct,
	"POST /api/order body:products[].fee_id":                   oFee,
	"POST /api/order body:discount_coupon_order[]":             oCoupon,
	"GET /api/order/ query:membership_id":                      oMember,
	"POST /api/order/complete body:oid":                        oOrder,
	"POST /api/order/complete body:membership_id":              oMember,
	"GET /api/order/consumption query:membership_id":           oMember,
	"DELETE /api/order/delete query:oid":                       oOrder,
	"GET /api/order/export query:membership_id":                oMember,
	"POST /api/order/notify body:oid":                          oOrder,
	"POST /api/order/pay body:oid":                             oOrder,
	"POST /api/order/pay body:membership_id":                   oMember,
	"POST /api/order_refund body:oid":                          oPaidOrder,
	"POST /api/order_refund body:membership_id":                oGuarantor,
	"POST /api/order_refund body:products[].pid":               oProduct,
	"GET /api/product_stock query:pid":                         oProduct,
	"GET /api/product_stock query:category":                    oProductCat,
	"POST /api/product_stock body:data[].pid":                  oProduct,
	"POST /api/product_stock body:products[].pid":              oProduct,
	"GET /api/report_chart/access query:card_id":               oMember,
	"GET /api/report_chart/sales query:card_id":                oMember,
	"GET /api/report_chart/wallet query:card_id":               oMember,
	"GET /api/report_sales_product query:card_id":              oMember,
	"GET /api/report_sales_product/export query:card_id":       oMember,
	"GET /api/report_withdrawals query:membership_id":          oMember,
	"GET /api/report_withdrawals/export query:membership_id":   oMember,
	"GET /api/report_dispensations query:membership_id":        oMember,
	"GET /api/report_dispensations/export query:membership_id": oMember,
	"GET /api/socius_coupon query:oid":                         oOrder,
	"POST /api/socius_coupon body:id":                          oCoupon,
	"POST /api/socius_coupon body:use_user_category":           oMemberCat,
	"POST /api/socius_coupon body:product_categories[]":        oProductCat,
	"POST /api/socius_coupon body:use_products[]":              oProduct,
	"POST /api/socius_coupon/activate_coupon body:coupon_id[]": oCoupon,
	"POST /api/socius_coupon/apply_coupon body:coupon_id[]":    oCoupon,
	"POST /api/socius_coupon/apply_coupon body:oid":            oOrder,
	"POST /api/socius_coupon/apply_coupon body:membership_id":  oMember,
	"DELETE /api/socius_coupon/{club} query:id":                oCoupon,
	"GET /api/socius_coupon_use query:coupon_id":               oCoupon,
	"GET /api/stock_history query:pid":                         oProduct,
	"POST /api/tlf_resend_code body:uid":                       oMemberUser,
	"PUT /api/wallet/{nid} path:nid":                           oMember,
	"GET /api/wallet_history query:card_id":                    oMember,
	"GET /api/wallet_history/export query:card_id":             oMember,
	"POST /api/notification/create body:uids[]":                oMemberUser,
	// The logo is only ever replaced by a new picture (a data URL), never named.
	"PUT /api/association/{id} body:logo": notAnObject,
	// The club's rules are ages, counts of members, days and years: numbers, never an object.
	"PUT /api/club_rules body:young_max_age":               notAnObject,
	"PUT /api/club_rules body:min_age":                     notAnObject,
	"PUT /api/club_rules body:max_members":                 notAnObject,
	"PUT /api/club_rules body:waiting_days":                notAnObject,
	"PUT /api/club_rules body:guarantor_min_days":          notAnObject,
	"PUT /api/club_rules body:retention_years":             notAnObject,
	"PUT /api/club_rules body:declaration_retention_years": notAnObject,
	"PUT /api/association/{id} body:images[]":              oClubPicture,

	// Public by design: a picture is served because it is published, to anyone.
	"GET /api/public_image/{id} path:id": notAnObject,
	// The varieties repository is shared by every club.
	"GET /api/preset_product/{slug} path:slug": notAnObject,
	// Published products are public; the club is named with them.
	"GET /api/list_item/retrieve query:item":        oProductLink,
	"GET /api/list_item/retrieve query:association": oClub,
	// Open to any user; the handler checks the user is a member of the club.
	"GET /api/mobile_dispensario query:asocid": oClub,
	// A drawn signature is always a new picture, never a stored file.
	"POST /api/order/pay body:signature":      notAnObject,
	"POST /api/order/complete body:signature": notAnObject,
}

// notObjectNames are integer inputs that are quantities, dates or choices,
// never a reference: page, limit, days …
var notObjectNames = []string{"page", "limit", "days", "number", "descuento", "interval", "consum_forecast", "birthday",
	"birthdate", "datetime", "start_date", "end_date", "from", "to", "from_date", "to_date", "use_number_coupon", "use_number_user", "use_user_type",
	"valoration", "type", "status_member", "year", "quarter", "month", "plants", "count", "started", "harvested_at", "best_before",
	"sampled_at", "date"}

// objectBodies completes a generated body where the schema alone does not
// make a request the route accepts; objectItems the items of its arrays.
var objectBodies = map[string]map[string]any{
	"POST /api/dispensario":        {"title": "Nuevo", "type": "peso", "price": 5, "dominance": "indica"},
	"POST /api/item":               {"title": "Nuevo"},
	"POST /api/inventory":          {"title": "Nuevo", "type": "indoor", "dominance": "indica"},
	"PUT /api/wallet/{nid}":        {"pay_type": "cash"},
	"POST /api/socius_coupon":      {"discount": 10, "code": uniqueText},
	"POST /api/product_stock":      {"stock_type": "manual"},
	"POST /api/event":              {"start_date": "2026-12-01", "end_date": "2026-12-01"},
	"POST /api/news":               {"body": "<p>x</p>"},
	"POST /api/strain":             {"name": uniqueText},
	"POST /api/grow_intake":        {"kind": "seed", "count": 1, "supplier": "Semillas"},
	"POST /api/batch":              {"plants": 1},
	"POST /api/batch/{id}/phase":   {"phase": "done"},
	"POST /api/batch/{id}/harvest": {"dry_g": 1, "best_before": 4102444800},
	"POST /api/batch/{id}/lab":     {"thc_percent": 10, "lab": "Lab", "passed": true},
	"POST /api/batch/{id}/destroy": {"grams": 0.001, "reason": "Control"},
	"POST /api/batch/{id}/release": {"grams": 0.001},
}

var objectItems = map[string]map[string]any{}

// uniqueText in objectBodies is a new text in each request (a coupon's code).
const uniqueText = "{unique}"

var uniqueCount atomic.Int64

// alternativeInputs are inputs of one route that name the same thing two
// ways: only one of them is sent, the one under test or else the first.
var alternativeInputs = map[string][]string{
	"POST /api/ficha_socio":        {"nid", "membership_id"},
	"POST /api/dispensario/delete": {"pid", "productsArray[]"},
	"POST /api/product_stock":      {"products[].pid", "data[].pid"},
}

// fileField names a string input that can carry a stored file.
var fileField = regexp.MustCompile(`(?i)image|logo|document|foto|photo|picture|signature|file`)

// linkField names a string query input that names an object by its public
// link token (a published product's QR link).
var linkField = regexp.MustCompile(`^item$`)

type objInput struct {
	In, Name string
	Str      bool // the input is a string (a file's fid or address)
}

func (in objInput) key(r httpapi.Route) string {
	return r.Method + " " + r.Path + " " + in.In + ":" + in.Name
}

func schemaType(oapi *huma.OpenAPI, s *huma.Schema) (string, *huma.Schema) {
	for s != nil && s.Ref != "" {
		s = oapi.Components.Schemas.SchemaFromRef(s.Ref)
	}
	if s == nil {
		return "", nil
	}
	t := s.Type
	if t == "" && len(s.OneOf) > 0 { // nullable fields: [T, null]
		for _, o := range s.OneOf {
			if tt, os := schemaType(oapi, o); tt != "null" {
				return tt, os
			}
		}
	}
	return t, s
}

// discoverInputs lists the inputs of route r that may name an object.
func discoverInputs(oapi *huma.OpenAPI, r httpapi.Route) []objInput {
	op := operation(oapi.Paths[r.Path], r.Method)
	var out []objInput
	club := r.Gate.From
	for _, p := range op.Parameters {
		if p.In == club.In && p.Name == club.Name {
			continue
		}
		t, s := schemaType(oapi, p.Schema)
		if t == "array" && s.Items != nil {
			t, _ = schemaType(oapi, s.Items)
		}
		if p.In == "path" || (p.In == "query" && t == "integer" && !slices.Contains(notObjectNames, p.Name)) ||
			(p.In == "query" && t == "string" && linkField.MatchString(p.Name)) {
			out = append(out, objInput{In: p.In, Name: p.Name, Str: t == "string"})
		}
	}
	if op.RequestBody == nil || op.RequestBody.Content["application/json"] == nil {
		return out
	}
	var walk func(s *huma.Schema, prefix string, depth int)
	walk = func(s *huma.Schema, prefix string, depth int) {
		_, s = schemaType(oapi, s)
		if s == nil {
			return
		}
		for name, ps := range s.Properties {
			if depth == 0 && club.In == "body" && name == club.Name {
				continue
			}
			t, ps := schemaType(oapi, ps)
			field := prefix + name
			if t == "array" && ps.Items != nil {
				it, is := schemaType(oapi, ps.Items)
				if it == "object" && depth == 0 {
					walk(is, field+"[].", depth+1)
					continue
				}
				t, field = it, field+"[]"
			}
			switch {
			case t == "integer" && !slices.Contains(notObjectNames, name):
				out = append(out, objInput{In: "body", Name: field})
			case t == "string" && fileField.MatchString(name):
				out = append(out, objInput{In: "body", Name: field, Str: true})
			}
		}
	}
	walk(op.RequestBody.Content["application/json"].Schema, "", 0)
	return out
}

// clubObjects are one club's objects by kind: an id, or a file's fid or address.
type clubObjects map[string]any

// fileIn is the first stored file's address in a reply.
func fileIn(v any) string {
	switch x := v.(type) {
	case string:
		if strings.HasPrefix(x, "/api/files/") {
			return x
		}
	case []any:
		for _, e := range x {
			if f := fileIn(e); f != "" {
				return f
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if f := fileIn(x[k]); f != "" {
				return f
			}
		}
	}
	return ""
}

// validDNI is a Spanish ID number the member form accepts.
func validDNI(n int) string {
	n = 10000000 + n%80000000
	return fmt.Sprintf("%08d%c", n, "TRWAGMYFPDXBNJZSQVHLCKE"[n%23])
}

// objectWorld builds, through the API as club's administrator c, one object
// of every kind; tag keeps names apart when a club's world is built again.
func objectWorld(t *testing.T, k *testkit.Kit, c *testkit.Client, club int64, tag string, seq int, memberUsers map[int64]int64) clubObjects {
	t.Helper()
	o := clubObjects{oClub: club}
	send := func(what, method, path string, body map[string]any) map[string]any {
		t.Helper()
		res := c.Do(method, path, body)
		expectOK(t, tag+" "+what, res)
		return res.JSON
	}
	post := func(what, path string, body map[string]any) map[string]any { return send(what, "POST", path, body) }
	// Files are stored by content: each purpose and club gets a picture of its own.
	pictures := 0
	picture := func() []string {
		pictures++
		h := sha256.Sum256([]byte(fmt.Sprint(tag, pictures)))
		return []string{dataURL("image/png", smallPNG(t, color.RGBA{R: h[0], G: h[1], B: h[2], A: 255}))}
	}
	o[oProductCat] = num(post("category", "/api/association_category", map[string]any{"association": club, "type": "dispensary", "title": "Flores " + tag})["nid"])
	o[oMemberCat] = num(post("member category", "/api/membership_category", map[string]any{"association": club, "title": "Veteranos " + tag, "descuento": 5})["nid"])
	prod := post("product", "/api/dispensario", map[string]any{"asocid": club, "title": "Kush " + tag, "dominance": "indica", "category": o[oProductCat],
		"price": 5, "cost": 1, "type": "peso", "status": true, "discount": true, "images": picture()})
	o[oProduct], o[oProductImage], o[oProductLink] = num(prod["pid"]), fileIn(prod["imagenes"]), prod["public_token"]
	expectOK(t, tag+" stock", adjust(c, club, o[oProduct].(int64), 100, "manual", "alta"))
	o[oBasicItem] = num(post("basic item", "/api/item", map[string]any{"asocid": club, "listnid": o[oProductCat], "title": "Café " + tag})["pid"])
	o[oFee] = num(post("fee", "/api/fee", map[string]any{"asocid": club, "code": "C" + tag, "title": "Cuota " + tag, "price": 30, "days": 30})["pid"])
	body := socio(club, "Socio", tag, validDNI(seq*2+int(club)))
	body["foto"] = picture()[0]
	m := saveMember(t, c, body)
	o[oMember], o[oMemberPhoto] = num(m["nid"]), fileIn(m["foto"])
	o[oGuarantor] = num(saveMember(t, c, socio(club, "Avalista", tag, validDNI(seq*2+int(club)+1000)))["nid"])
	uid, ok := memberUsers[club]
	if !ok { // one account per club: hashing a password is slow, and no control uses it up
		uid = k.User("user"+tag, 0)
		memberUsers[club] = uid
	}
	if !ok {
		exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, online_account, created, nombre, surname)
			VALUES (?, ?, 9000, 0, 1, 1, 0, 'Usuario', ?)`, club, uid, tag)
	}
	o[oMemberUser] = uid
	cart := func(member any) int64 {
		return num(orderOf(&testkit.Response{JSON: post("order", "/api/order", map[string]any{"asocid": club, "membership_id": member,
			"products": []map[string]any{{"pid": o[oProduct], "quantity": 1, "total": 5}}})})["oid"])
	}
	o[oOrder] = cart(o[oMember])
	o[oPaidOrder] = cart(o[oGuarantor]) // a member has one open cart
	post("payment", "/api/order/pay", map[string]any{"asocid": club, "oid": o[oPaidOrder], "type": "cash", "amount": 5, "tendered": 5, "signature": picture()[0]})
	o[oCoupon] = num(post("coupon", "/api/socius_coupon", map[string]any{"asocid": club, "code": "CUPON" + strings.ToUpper(tag), "title": "Cupón", "type": 1, "discount": 10})["id"])
	o[oDocument] = listBody(t, uploadDocs(t, c, club, upFile{"dni.pdf", pdfDoc}))[0]["fid"]
	o[oInventory] = num(post("inventory item", "/api/inventory", map[string]any{"asocid": club, "title": "Cosecha " + tag, "type": "indoor", "dominance": "sativa", "category": o[oProductCat]})["iid"])
	o[oMovementImage] = fileIn(post("inventory movement", "/api/inventory_movement", map[string]any{"asocid": club, "iid": o[oInventory], "action": "add",
		"amount": 1, "location": "almacen_interno", "images": picture()}))
	o[oCashClose] = num(post("cash close", "/api/cash_close", map[string]any{"asocid": club, "current_amount": 5})["cid"])
	news := post("news", "/api/news", map[string]any{"cid": club, "title": "Noticia " + tag, "body": "<p>x</p>", "images": picture()})
	o[oNews], o[oNewsImage] = num(news["nid"]), fileIn(news)
	ev := post("event", "/api/event", map[string]any{"association": club, "title": "Evento " + tag, "body": "<p>x</p>",
		"start_date": "2026-12-01", "end_date": "2026-12-01", "images": picture()})
	o[oEvent], o[oEventImage] = num(ev["nid"]), fileIn(ev)
	o[oConsult] = num(post("consultation", "/api/consult/create", map[string]any{"association": club, "title": "Consulta " + tag, "body": "Hola"})["nid"])
	o[oStrain] = num(post("strain", "/api/strain", map[string]any{"association": club, "name": "Haze " + tag})["id"])
	batch := "/api/batch/" + itoa(num(post("batch", "/api/batch", map[string]any{"association": club, "strain": o[oStrain], "plants": 4})["id"]))
	post("flowering", batch+"/phase", map[string]any{"association": club, "phase": "flowering"})
	post("harvest", batch+"/harvest", map[string]any{"association": club, "dry_g": 50, "best_before": 4102444800})
	post("lab", batch+"/lab", map[string]any{"association": club, "thc_percent": 15, "lab": "Lab", "passed": true})
	o[oBatch] = num(post("release", batch+"/release", map[string]any{"association": club, "pid": o[oProduct], "grams": 10})["id"])
	o[oClubPicture] = fileIn(send("club page", "PUT", "/api/association/"+itoa(club), map[string]any{"title": "Club " + tag, "images": picture()})["images"])
	for kind, v := range o {
		if v == int64(0) || v == "" || v == nil {
			t.Fatalf("%s %s: no id in the reply", tag, kind)
		}
	}
	return o
}

// exampleOf is a value the schema accepts: enums take their first value,
// strings a short text (a date where the format asks for one), numbers 1.
func exampleOf(oapi *huma.OpenAPI, s *huma.Schema, depth int) any {
	t, s := schemaType(oapi, s)
	if s == nil || depth > 3 {
		return nil
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch t {
	case "integer", "number":
		if s.Minimum != nil && *s.Minimum > 1 {
			return *s.Minimum
		}
		return 1
	case "boolean":
		return false
	case "string":
		switch s.Format {
		case "date":
			return time.Now().Format("2006-01-02")
		case "date-time":
			return time.Now().UTC().Format(time.RFC3339)
		}
		if s.MinLength != nil && *s.MinLength > 1 {
			return strings.Repeat("x", *s.MinLength)
		}
		return "x"
	case "array":
		if s.MinItems != nil && *s.MinItems > 0 {
			return []any{exampleOf(oapi, s.Items, depth+1)}
		}
		return []any{}
	case "object":
		out := map[string]any{}
		for _, name := range s.Required {
			if name == "$schema" {
				continue
			}
			out[name] = exampleOf(oapi, s.Properties[name], depth+1)
		}
		return out
	}
	return nil
}

// objectRequest builds route r's request naming club; each object input
// names the object of its kind in own, except input under, which names
// victim's. An export asks for CSV, so its rows can be read.
func objectRequest(t *testing.T, oapi *huma.OpenAPI, r httpapi.Route, inputs []objInput, club int64, own, victim clubObjects, under objInput) (string, string) {
	t.Helper()
	op := operation(oapi.Paths[r.Path], r.Method)
	path := r.Path
	query := url.Values{}
	ref := r.Gate.From
	switch ref.In {
	case "path":
		path = strings.ReplaceAll(path, "{"+ref.Name+"}", itoa(club))
	case "query":
		query.Set(ref.Name, itoa(club))
	}
	body := map[string]any{}
	if op.RequestBody != nil && op.RequestBody.Content["application/json"] != nil {
		body, _ = exampleOf(oapi, op.RequestBody.Content["application/json"].Schema, 0).(map[string]any)
	}
	if ref.In == "body" {
		body[ref.Name] = club
	}
	for k, v := range objectBodies[r.Method+" "+r.Path] {
		if v == uniqueText {
			v = "U" + strconv.FormatInt(uniqueCount.Add(1), 10)
		}
		body[k] = v
	}
	alt := alternativeInputs[r.Method+" "+r.Path]
	chosen := ""
	if len(alt) > 0 {
		chosen = alt[0]
		if slices.Contains(alt, under.Name) {
			chosen = under.Name
		}
	}
	nested := map[string]bool{}
	for _, in := range inputs {
		kind := objectInputs[in.key(r)]
		if kind == notAnObject || (slices.Contains(alt, in.Name) && in.Name != chosen) {
			continue
		}
		v := own[kind]
		if in == under {
			v = victim[kind]
		}
		switch in.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+in.Name+"}", fmt.Sprint(v))
		case "query":
			query.Set(in.Name, fmt.Sprint(v))
		case "body":
			name, field, isNested := strings.Cut(in.Name, "[].")
			switch {
			case isNested: // each object of an array of objects in an item of its own
				if !nested[name] {
					body[name], nested[name] = []any{}, true
				}
				item := map[string]any{}
				maps.Copy(item, jsonSchemaItem(oapi, op, name))
				maps.Copy(item, objectItems[r.Method+" "+r.Path])
				item[field] = v
				body[name] = append(body[name].([]any), item)
			case strings.HasSuffix(name, "[]"):
				body[strings.TrimSuffix(name, "[]")] = []any{v}
			default:
				body[name] = v
			}
		}
	}
	for _, p := range op.Parameters {
		if p.In == "query" && p.Name == "format" {
			query.Set("format", "csv") // the smallest file, where the route writes one
			if p.Schema != nil && len(p.Schema.Enum) > 0 && !slices.Contains(p.Schema.Enum, any("csv")) {
				query.Set("format", fmt.Sprint(p.Schema.Enum[0]))
			}
		} else if p.In == "query" && p.Required && !query.Has(p.Name) {
			query.Set(p.Name, fmt.Sprint(exampleOf(oapi, p.Schema, 0)))
		}
	}
	path = fillParams(path, "x") // a parameter that names no object
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	if r.Method == http.MethodGet || r.Method == http.MethodDelete && len(body) == 0 {
		return path, ""
	}
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return path, string(b)
}

// jsonSchemaItem is an example item of body array field name.
func jsonSchemaItem(oapi *huma.OpenAPI, op *huma.Operation, name string) map[string]any {
	_, s := schemaType(oapi, op.RequestBody.Content["application/json"].Schema)
	if s == nil || s.Properties[name] == nil {
		return nil
	}
	_, arr := schemaType(oapi, s.Properties[name])
	if arr == nil || arr.Items == nil {
		return nil
	}
	m, _ := exampleOf(oapi, arr.Items, 1).(map[string]any)
	return m
}

// databaseState is a digest of every row of every table but the ones a
// request touches whatever it asks (sessions).
func databaseState(t *testing.T, k *testkit.Kit) map[string]string {
	t.Helper()
	ctx := t.Context()
	var tables []string
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if k.Engine == "postgres" {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	if err := k.App.DB.Select(ctx, &tables, q); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, table := range tables {
		if table == "sessions" {
			continue
		}
		rows, err := k.App.DB.W.QueryxContext(ctx, "SELECT * FROM "+table)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for rows.Next() {
			vals, err := rows.SliceScan()
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprintf("%v", vals))
		}
		rows.Close()
		sort.Strings(lines)
		out[table] = fmt.Sprintf("%d rows %x", len(lines), sha256.Sum256([]byte(strings.Join(lines, "\n"))))
	}
	return out
}

func changedTables(before, after map[string]string) []string {
	var out []string
	for table, v := range after {
		if before[table] != v {
			out = append(out, table)
		}
	}
	sort.Strings(out)
	return out
}

func TestObjectsStayInTheirClub(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa", access.Flags...)
		beta := k.Club("Beta", access.Flags...)
		k.User("alfaboss", alfa, access.Roles...)
		k.User("betaboss", beta, access.Roles...)
		alfaC := mustLogin(t, k, "alfaboss", testkit.Password)
		betaC := mustLogin(t, k, "betaboss", testkit.Password)
		memberUsers := map[int64]int64{}
		victim := objectWorld(t, k, alfaC, alfa, "alfa", 0, memberUsers)
		seq := 1
		own := objectWorld(t, k, betaC, beta, "beta1", seq, memberUsers)
		oapi := k.App.API.OpenAPI()

		type objCase struct {
			r  httpapi.Route
			in objInput
		}
		var cases []objCase
		seen := map[string]bool{}
		for _, r := range k.App.API.Routes() {
			for _, in := range discoverInputs(oapi, r) {
				key := in.key(r)
				seen[key] = true
				kind, ok := objectInputs[key]
				if !ok {
					t.Errorf("%s may name an object: say in objectInputs which kind, or %q", key, notAnObject)
					continue
				}
				if kind == notAnObject {
					continue
				}
				if victim[kind] == nil {
					t.Fatalf("%s: no %s in the world", key, kind)
				}
				cases = append(cases, objCase{r, in})
			}
		}
		for key := range objectInputs {
			if !seen[key] {
				t.Errorf("objectInputs names %s, which no route has", key)
			}
		}
		short := func(res *testkit.Response) string {
			s := res.String()
			if len(s) > 300 {
				s = s[:300] + "…"
			}
			return s
		}
		checked, dirty := 0, false
		for _, c := range cases {
			r, in := c.r, c.in
			key := in.key(r)
			t.Run(key, func(t *testing.T) {
				if dirty { // the last control changed Beta's objects: a fresh set
					seq++
					own, dirty = objectWorld(t, k, betaC, beta, "beta"+itoa(int64(seq)), seq, memberUsers), false
				}
				inputs := discoverInputs(oapi, r)
				if r.Method == http.MethodGet { // a read filters by the one input under test, in its club
					op := operation(oapi.Paths[r.Path], r.Method)
					inputs = slices.DeleteFunc(inputs, func(o objInput) bool {
						required := slices.ContainsFunc(op.Parameters, func(p *huma.Param) bool { return p.Name == o.Name && p.Required })
						return o != in && objectInputs[o.key(r)] != oClub && !required
					})
				}
				kind := objectInputs[key]
				before := databaseState(t, k)
				path, body := objectRequest(t, oapi, r, inputs, beta, own, victim, in)
				res := hit(t, k, betaC, r.Method, path, body)
				cpath, cbody := objectRequest(t, oapi, r, inputs, beta, own, own, in)
				if listFilters[key] {
					// A list filter answers inside the club: nothing, as for an id that does not exist.
					if res.Status != 200 || !emptyAnswer(res) {
						t.Fatalf("%s %s filtering by Alfa's %s: want an empty list, got %s", r.Method, path, kind, short(res))
					}
				} else if res.Status < 400 || res.Status >= 500 || res.Code() == "request.invalid" {
					t.Fatalf("%s %s %s naming Alfa's %s: want a refusal, got %s", r.Method, path, body, kind, short(res))
				}
				if changed := changedTables(before, databaseState(t, k)); len(changed) > 0 {
					t.Fatalf("%s %s naming Alfa's %s (%s) changed %v", r.Method, path, kind, short(res), changed)
				}
				control := hit(t, k, betaC, r.Method, cpath, cbody)
				dirty = r.Method != http.MethodGet && control.Status < 400
				if listFilters[key] {
					if control.Status != 200 || emptyAnswer(control) {
						t.Fatalf("the filter by Beta's own %s finds nothing, so the case proves nothing: %s %s", kind, cpath, short(control))
					}
				} else if control.Status == res.Status && control.Code() == res.Code() {
					t.Fatalf("the same request with Beta's own %s is refused the same way, so the case proves nothing (complete it in objectBodies): %s %s %s -> %s",
						kind, r.Method, cpath, cbody, short(control))
				}
				checked++
			})
		}
		if checked == 0 {
			t.Fatal("no object case was checked")
		}
	})
}

// listFilters are inputs that filter a list of the club's own rows: naming
// another club's object there answers an empty list, the answer for an id that
// does not exist, and nothing of the other club is in it.
var listFilters = map[string]bool{
	"GET /api/ficha_socio query:nid": true, "GET /api/ficha_socio query:uid": true,
	"GET /api/ficha_socio/ query:nid": true, "GET /api/ficha_socio/ query:uid": true,
	"GET /api/ficha_socio/export query:nid": true, "GET /api/ficha_socio/export query:uid": true,
	"GET /api/dispensario query:pid": true, "GET /api/dispensario query:category": true,
	"GET /api/dispensario/export query:pid": true, "GET /api/dispensario/export query:category": true,
	"GET /api/product_stock query:pid": true, "GET /api/product_stock query:category": true,
}

// emptyAnswer is a list reply without rows: a JSON page with no data, or a
// CSV with its header only.
func emptyAnswer(res *testkit.Response) bool {
	if res.JSON != nil {
		data, ok := res.JSON["data"].([]any)
		return ok && len(data) == 0
	}
	lines := strings.Split(strings.TrimSpace(string(res.Body)), "\n")
	return len(lines) == 1
}
