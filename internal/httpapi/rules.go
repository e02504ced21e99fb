package httpapi

import (
	"context"

	"socius/internal/rules"
)

type clubRulesInput struct {
	Association int64 `query:"association" doc:"Club id"`
}

type clubRulesOutput struct{ Body *rules.Rules }

func (s *Server) clubRules(ctx context.Context, _ *clubRulesInput) (*clubRulesOutput, error) {
	r, err := s.Rules.Get(ctx, info(ctx).Club.ID)
	return &clubRulesOutput{Body: r}, err
}

type clubRulesSetInput struct {
	Body struct {
		ClubAssociation
		rules.Change
	}
}

func (s *Server) clubRulesSet(ctx context.Context, in *clubRulesSetInput) (*clubRulesOutput, error) {
	ri := info(ctx)
	r, err := s.Rules.Set(ctx, ri.Club.ID, ri.User.ID, in.Body.Change)
	return &clubRulesOutput{Body: r}, err
}

type rulePacksOutput struct {
	Body struct {
		Data []rules.Pack `json:"data"`
	}
}

func (s *Server) rulePacks(context.Context, *struct{}) (*rulePacksOutput, error) {
	out := &rulePacksOutput{}
	out.Body.Data = rules.Packs
	return out, nil
}
