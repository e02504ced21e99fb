package httpapi

import (
	"context"

	"socius/internal/retention"
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

type retentionRunsOutput struct {
	Body struct {
		Data []retention.Run `json:"data"`
	}
}

// retentionShown is how many past runs the rules screen lists.
const retentionShown = 10

func (s *Server) retentionRuns(ctx context.Context, _ *clubRulesInput) (*retentionRunsOutput, error) {
	runs, err := s.Retention.Runs(ctx, info(ctx).Club.ID, retentionShown)
	out := &retentionRunsOutput{}
	out.Body.Data = runs
	return out, err
}

type retentionRunInput struct {
	Body struct{ ClubAssociation }
}

type retentionRunOutput struct{ Body *retention.Run }

func (s *Server) retentionRun(ctx context.Context, _ *retentionRunInput) (*retentionRunOutput, error) {
	ri := info(ctx)
	run, err := s.Retention.RunClub(ctx, ri.Club.ID, ri.User.ID)
	return &retentionRunOutput{Body: run}, err
}
