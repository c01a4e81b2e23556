-- The pixel size of each copied image, read from its first bytes as the sync streams it into R2, so the site build
-- learns every image's size from /api/build/catalogue instead of probing /media once per image. NULL for a file whose
-- header is no known image, and for files copied before this column (the build probes those).
ALTER TABLE media_files ADD COLUMN width INTEGER;
ALTER TABLE media_files ADD COLUMN height INTEGER;
