-- +goose Up
-- A product's average THC and CBD content in hundredths of a percent (NULL:
-- not known). The young band of a rule pack may receive only products whose
-- THC is known and under its maximum (KCanG § 19(3)); the information slip
-- and the register show them.
ALTER TABLE products ADD COLUMN thc_percent BIGINT;
ALTER TABLE products ADD COLUMN cbd_percent BIGINT;
