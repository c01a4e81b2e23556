-- A batch that must only commit while its writer still holds a lock starts by inserting the lock check here: the
-- CHECK fails (and D1 rolls the whole batch back) when the lock has passed to another holder. Always empty after a batch.
CREATE TABLE lock_fence (held INTEGER NOT NULL CHECK (held = 1));
