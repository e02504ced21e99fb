-- +goose Up
-- Folded words of a product's title, code and subtitle; the product search
-- (the counter's, the product manager's, the stock screen's) matches each typed
-- word as the start of one of these, a prefix range on (club, term) instead of
-- a scan of every product. Rows of existing products are written at start-up
-- (catalog.IndexMissingTerms), since folding is done in Go.
CREATE TABLE product_terms (
    club_id BIGINT NOT NULL,
    term TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE
);
CREATE INDEX product_terms_lookup ON product_terms (club_id, term, product_id);
CREATE INDEX product_terms_product ON product_terms (product_id);


-- The counter's grid lists only what can be sold, in display order; this index
-- holds exactly those products, so paging and counting them read no table rows.
CREATE INDEX products_sellable ON products (club_id, kind, deleted, sort_key, id) WHERE stock > 0 OR unlimited_stock = 1;
