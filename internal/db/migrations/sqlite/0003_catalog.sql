-- +goose Up
-- The thumbnail made for a stored raster image (empty: the image serves as its own).
ALTER TABLE files ADD COLUMN thumb TEXT NOT NULL DEFAULT '';

-- Products of the club's catalogue (spec: dispensario). kind 'pro' are the
-- professional products sold at the point of sale; kind 'basic' are the basic
-- list items (list = a product category) shown on TV menus and the member app.
-- Deleting a product only marks it deleted: its sales, stock movements and
-- reports stay intact.
CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    kind TEXT NOT NULL DEFAULT 'pro',
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    code TEXT NOT NULL DEFAULT '',
    category_id INTEGER REFERENCES club_categories (id),
    price INTEGER NOT NULL DEFAULT 0,
    cost INTEGER NOT NULL DEFAULT 0,
    stock INTEGER NOT NULL DEFAULT 0,
    type TEXT NOT NULL DEFAULT 'peso',
    dominance TEXT NOT NULL DEFAULT '',
    thc INTEGER NOT NULL DEFAULT 0,
    menu_export INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 0,
    discount INTEGER NOT NULL DEFAULT 0,
    unlimited_stock INTEGER NOT NULL DEFAULT 0,
    inventory_tracking INTEGER NOT NULL DEFAULT 0,
    jar_weight INTEGER NOT NULL DEFAULT 0,
    unit_weight INTEGER NOT NULL DEFAULT 0,
    showintv INTEGER NOT NULL DEFAULT 0,
    valoration INTEGER NOT NULL DEFAULT 0,
    sort_key TEXT NOT NULL,
    search TEXT NOT NULL DEFAULT '',
    deleted INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL,
    changed INTEGER NOT NULL
);
CREATE INDEX products_list ON products (club_id, kind, deleted, sort_key, id);
CREATE INDEX products_published ON products (club_id, kind, deleted, status, sort_key, id);
CREATE INDEX products_code ON products (club_id, code);
CREATE INDEX products_category ON products (category_id);

CREATE TABLE product_images (
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file_id TEXT NOT NULL,
    thumb_id TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);
CREATE INDEX product_images_file ON product_images (file_id);
CREATE INDEX product_images_thumb ON product_images (thumb_id);

-- Every stock change is a row, written in the transaction that changes
-- products.stock; the stock always equals the sum of its movements.
CREATE TABLE stock_movements (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products (id),
    type TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    new_level INTEGER NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX stock_movements_product ON stock_movements (product_id, created, id);

-- Raw material (inventory items) and its movements.
CREATE TABLE inventory_items (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    category_id INTEGER REFERENCES club_categories (id) ON DELETE SET NULL,
    type TEXT NOT NULL,
    dominance TEXT NOT NULL,
    status INTEGER NOT NULL DEFAULT 1,
    created INTEGER NOT NULL,
    changed INTEGER NOT NULL
);
CREATE INDEX inventory_items_club ON inventory_items (club_id, id);

CREATE TABLE inventory_movements (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    item_id INTEGER NOT NULL REFERENCES inventory_items (id) ON DELETE CASCADE,
    action TEXT NOT NULL,
    amount INTEGER NOT NULL,
    cost INTEGER NOT NULL DEFAULT 0,
    location TEXT NOT NULL,
    from_location TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX inventory_movements_item ON inventory_movements (item_id, id);

CREATE TABLE inventory_movement_images (
    movement_id INTEGER NOT NULL REFERENCES inventory_movements (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file_id TEXT NOT NULL,
    PRIMARY KEY (movement_id, position)
);
