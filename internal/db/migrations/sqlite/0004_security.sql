-- +goose Up
-- An account made by a club for its member has no password its owner knows
-- until they set one through the invitation: activated = 0 until then (or
-- until a login). Only such an account may be sent an invitation.
ALTER TABLE users ADD COLUMN activated INTEGER NOT NULL DEFAULT 1;
UPDATE users SET activated = 0 WHERE last_login = 0
    AND id IN (SELECT user_id FROM members WHERE user_id IS NOT NULL)
    AND id NOT IN (SELECT user_id FROM password_resets WHERE used = 1);

-- A club asks to link a member record to a person's existing account; the
-- link is made only when the person accepts with the token sent to the
-- e-mail already on their account.
CREATE TABLE account_links (
    id INTEGER PRIMARY KEY,
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX account_links_member ON account_links (member_id);
CREATE INDEX account_links_user ON account_links (user_id);

-- Every file has the purpose it was uploaded for; only product and club
-- images can be served publicly. Older files take the purpose of what uses
-- them; private purposes are written last so they win.
ALTER TABLE files ADD COLUMN purpose TEXT NOT NULL DEFAULT '';
UPDATE files SET purpose = 'club_image' WHERE EXISTS (SELECT 1 FROM clubs c WHERE c.logo = files.id OR c.images LIKE '%' || files.id || '%');
UPDATE files SET purpose = 'product_image' WHERE id IN (SELECT file_id FROM product_images) OR id IN (SELECT thumb_id FROM product_images);
UPDATE files SET purpose = 'inventory_image' WHERE id IN (SELECT file_id FROM inventory_movement_images);
UPDATE files SET purpose = 'member_document' WHERE id IN (SELECT file_id FROM member_documents);
UPDATE files SET purpose = 'signature' WHERE id IN (SELECT signature FROM members);
UPDATE files SET purpose = 'member_photo' WHERE id IN (SELECT photo FROM members);

-- +goose Down
SELECT 1;
