-- No JIT for this database's sessions (decision 029). A database default rather than a startup
-- parameter, so it also holds behind PgBouncer, which refuses `options=-c …` at connect. A role
-- that may not alter the database keeps PostgreSQL's default and is told so (nothing fails).
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit stays on: this role may not ALTER DATABASE % (decision 029)', current_database();
END $$;
