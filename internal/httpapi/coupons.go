package httpapi

import (
	"context"
	"encoding/json"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/coupon"
	"socius/internal/pos"
)

// couponPath is the spec's `{product}_coupon`: the product's own name.
const couponPath = "/api/socius_coupon"

// couponSwitchGate is the gate of switching coupons on and off; an edit
// reads it too (coupon.Input.MaySwitch).
const couponSwitchGate = "cupons"

// Coupons (spec part 1 §7 "Coupons"). Listing is open to the coupon screens
// and the counter (its coupon picker); creating and editing follow the coupon
// form's gate, activating and deleting the coupon menu's (Manager and
// Administrador), applying the counter's roles.
func (s *Server) registerCouponRoutes() {
	register(s, op("GET", couponPath, "couponList", "The club's coupons, newest first; with oid only the active ones that apply to that order now"),
		Club("coupons_read", Query("asocid")), s.couponList)
	register(s, op("POST", couponPath, "couponSave", "Create a coupon, or edit one (id); without the activate gate an edit keeps the coupon's status and, while it is on, its terms"),
		Club("cuponcreate", Body("asocid")), s.couponSave)
	register(s, op("POST", couponPath+"/apply_coupon", "couponApply", "Apply coupons (a code, or ids) to an order in process; the server prices it again"),
		Club("coupon_apply", Body("asocid")), s.couponApply)
	register(s, op("POST", couponPath+"/activate_coupon", "couponActivate", "Turn a coupon on or off"),
		Club(couponSwitchGate, Body("asocid")), s.couponActivate)
	register(s, op("DELETE", couponPath+"/{club}", "couponDelete", "Delete a coupon (id)"),
		Club("cupons", Path("club")), s.couponDelete)
	register(s, op("GET", couponPath+"_use", "couponUses", "Uses of a coupon (coupon_id) or of every coupon, newest first"),
		Club("cuponUsesList", Query("asocid")), s.couponUses)
}

type couponListInput struct {
	OID int64 `query:"oid" doc:"Only the active coupons that apply to this order in process now (the counter's picker)"`
}

type couponListOutput struct {
	Body struct {
		Data  []coupon.Coupon `json:"data"`
		Total int             `json:"total"`
	}
}

func (s *Server) couponList(ctx context.Context, in *couponListInput) (*couponListOutput, error) {
	clubID := info(ctx).Club.ID
	list, err := s.Coupons.List(ctx, clubID)
	if err == nil && in.OID != 0 {
		list, err = s.POS.Applicable(ctx, clubID, in.OID, list)
	}
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []coupon.Coupon{}
	}
	out := &couponListOutput{}
	out.Body.Data, out.Body.Total = list, len(list)
	return out, nil
}

type couponSaveInput struct {
	Body struct {
		ClubAsocid
		ID                int64         `json:"id,omitempty" doc:"Edit this coupon; absent creates one"`
		Code              string        `json:"code" maxLength:"100"`
		Title             string        `json:"title" maxLength:"1000" doc:"The description the form asks for"`
		Description       string        `json:"description,omitempty" maxLength:"5000"`
		Type              int           `json:"type" doc:"0 euros, 1 percent"`
		Discount          *amount.Cents `json:"discount,omitempty"`
		Status            *Flag         `json:"status,omitempty" doc:"Active; absent: on when creating, unchanged when editing. Changing it by an edit needs the activate gate"`
		From              *int64        `json:"from,omitempty" doc:"First day (unix seconds); the coupon starts at 00:00 of that day, club time zone"`
		FromDate          *int64        `json:"from_date,omitempty" doc:"The first day under the name the list answers with; with from, the same day"`
		To                *int64        `json:"to,omitempty" doc:"Last day (unix seconds); the coupon ends at 23:59:59 of that day, club time zone"`
		ToDate            *int64        `json:"to_date,omitempty" doc:"The last day under the name the list answers with; with to, the same day"`
		UseNumberCoupon   int           `json:"use_number_coupon,omitempty" doc:"Uses in all; 0 = unlimited"`
		UseNumberUser     int           `json:"use_number_user,omitempty" doc:"Uses per member; 0 = unlimited"`
		UseUserType       int           `json:"use_user_type,omitempty" doc:"1 recreational, 2 therapeutic; 0 any"`
		UseUserCategory   int64         `json:"use_user_category,omitempty" doc:"A member category of the club; 0 any"`
		ProductCategories []int64       `json:"product_categories,omitempty" maxItems:"500"`
		UseProducts       []int64       `json:"use_products,omitempty" maxItems:"500"`
		MinAmountOrder    amount.Cents  `json:"min_amount_order,omitempty"`
		Cumulative        Flag          `json:"cumulative,omitempty"`
		Notes             string        `json:"notes,omitempty" maxLength:"2000"`
	}
}

type couponOutput struct{ Body *coupon.Coupon }

func (s *Server) couponSave(ctx context.Context, in *couponSaveInput) (*couponOutput, error) {
	ri := info(ctx)
	b := in.Body
	var status *int
	if b.Status != nil {
		on := 0
		if *b.Status {
			on = 1
		}
		status = &on
	}
	from, err := dayUnderTwoNames("coupon.dates_disagree", "from", b.From, "from_date", b.FromDate, ri.Club.Location())
	if err != nil {
		return nil, err
	}
	to, err := dayUnderTwoNames("coupon.dates_disagree", "to", b.To, "to_date", b.ToDate, ri.Club.Location())
	if err != nil {
		return nil, err
	}
	c, err := s.Coupons.Save(ctx, ri.Club.ID, ri.User.ID, coupon.Input{ID: b.ID, Code: b.Code, Title: b.Title, Description: b.Description,
		Notes: b.Notes, Type: b.Type, Discount: b.Discount, Status: status, From: from, To: to, UsesCoupon: b.UseNumberCoupon,
		UsesUser: b.UseNumberUser, UserType: b.UseUserType, UserCategory: b.UseUserCategory, ProductCategories: b.ProductCategories,
		Products: b.UseProducts, MinAmount: b.MinAmountOrder, Cumulative: bool(b.Cumulative), Timezone: ri.Club.Timezone,
		MaySwitch: access.Screen(couponSwitchGate).Allows(ri.Club.Flags, ri.Staff.Roles)})
	return &couponOutput{Body: c}, err
}

type couponApplyInput struct {
	Body struct {
		ClubAsocid
		OID          int64   `json:"oid,omitempty"`
		MembershipID int64   `json:"membership_id,omitempty" doc:"Without oid: the member's open order"`
		Code         string  `json:"code,omitempty" maxLength:"100" doc:"A code typed or scanned (any case)"`
		CouponID     []int64 `json:"coupon_id,omitempty" maxItems:"20"`
	}
}

type couponApplyOutput struct{ Body *pos.Order }

func (s *Server) couponApply(ctx context.Context, in *couponApplyInput) (*couponApplyOutput, error) {
	actor, _, err := s.counter(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	o, err := s.POS.ApplyCoupons(ctx, info(ctx).Club.ID, actor, pos.ApplyInput{OID: b.OID, MemberID: b.MembershipID, Code: b.Code, IDs: b.CouponID})
	return &couponApplyOutput{Body: o}, err
}

type couponActivateInput struct {
	Body struct {
		ClubAsocid
		CouponID []int64 `json:"coupon_id" minItems:"1" maxItems:"1" doc:"A list of one id (the spec's shape)"`
		Activate Flag    `json:"activate"`
	}
}

func (s *Server) couponActivate(ctx context.Context, in *couponActivateInput) (*couponOutput, error) {
	c, err := s.Coupons.Activate(ctx, info(ctx).Club.ID, in.Body.CouponID[0], bool(in.Body.Activate))
	return &couponOutput{Body: c}, err
}

type couponDeleteInput struct {
	ID int64 `query:"id" required:"true"`
}

func (s *Server) couponDelete(ctx context.Context, in *couponDeleteInput) (*successOutput, error) {
	if err := s.Coupons.Delete(ctx, info(ctx).Club.ID, in.ID); err != nil {
		return nil, err
	}
	out := &successOutput{}
	out.Body.Success, out.Body.Message = 1, tr(ctx, "El cupón se ha eliminado correctamente")
	return out, nil
}

type couponUsesInput struct {
	CouponID int64 `query:"coupon_id" doc:"One coupon; absent: every coupon"`
	Limit    int   `query:"limit" minimum:"0" maximum:"1000" doc:"Default 15"`
	Page     int   `query:"page" minimum:"0" maximum:"1000000"`
}

type couponUsesOutput struct {
	Body struct {
		Data  []coupon.Use `json:"data"`
		Total int          `json:"total"`
	}
}

func (s *Server) couponUses(ctx context.Context, in *couponUsesInput) (*couponUsesOutput, error) {
	list, total, err := s.Coupons.Uses(ctx, info(ctx).Club.ID, in.CouponID, in.Limit, in.Page)
	out := &couponUsesOutput{}
	out.Body.Data, out.Body.Total = list, total
	return out, err
}

var _ json.Unmarshaler = (*Flag)(nil)
