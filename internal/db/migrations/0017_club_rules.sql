-- +goose Up
-- The law a club keeps (internal/rules): its rule pack and the values it set,
-- at most as loose as a legal pack's. A club without a row keeps the default
-- pack, es. Grams in thousandths, THC in hundredths of a percent; a NULL limit
-- does not apply. declarations is a comma-separated list.
CREATE TABLE club_rules (
    club_id BIGINT PRIMARY KEY REFERENCES clubs (id) ON DELETE CASCADE,
    pack TEXT NOT NULL,
    day_limit BIGINT,
    month_limit BIGINT,
    year_limit BIGINT,
    young_max_age BIGINT,
    young_month_limit BIGINT,
    young_thc_max BIGINT,
    min_age BIGINT NOT NULL,
    max_members BIGINT,
    waiting_days BIGINT NOT NULL DEFAULT 0,
    guarantor_required BIGINT NOT NULL DEFAULT 0,
    guarantor_min_days BIGINT NOT NULL DEFAULT 0,
    declarations TEXT NOT NULL DEFAULT '',
    override BIGINT NOT NULL DEFAULT 1,
    fee_expired_blocks BIGINT NOT NULL DEFAULT 0,
    retention_years BIGINT,
    declaration_retention_years BIGINT,
    updated_at BIGINT NOT NULL,
    updated_by BIGINT
);
