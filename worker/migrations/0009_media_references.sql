-- When the nightly check first found a copied file referenced by no notion_* row (NULL while referenced): such a file
-- is removed from R2, with its row, once a grace period has passed.
ALTER TABLE media_files ADD COLUMN unreferenced_since INTEGER;
CREATE INDEX media_files_unreferenced ON media_files (unreferenced_since) WHERE unreferenced_since IS NOT NULL;
