-- What a sync run expects to read (the record counts of the tables it syncs, counted as it starts: its progress bar's
-- end), and the holder of the sync lock it took, so the admin panel can tell which run holds the lock now.
ALTER TABLE sync_runs ADD COLUMN pages_expected INTEGER;
ALTER TABLE sync_runs ADD COLUMN lock_holder TEXT;
