-- The planner's estimate of a filtered list's matches, from inside the list's own statement: past
-- 10,000 matches a filtered total (not a single choice filter) is the planner's estimate
-- (src/server/crud/count.ts), which took a second round trip and a second scope (membership check,
-- then EXPLAIN). The page statement now calls this in its total, only when the bounded count reached
-- 10,001, so a list is one round trip whatever its total.
--
-- `query` is the count's SELECT as the server renders it, each value a positional format() slot
-- (%1$L, %2$L …), and `params` the values as text: format() quotes each as a literal (%L), so no
-- value is ever read as SQL, and the planner sees the values as a plain query would. The template
-- itself is the server's code, never a request's text; it must be one SELECT (no `;`), so even a
-- wrong caller gets an explanation of a query, never a second statement. EXPLAIN without ANALYZE
-- runs nothing.
--
-- SECURITY INVOKER (the default): it plans as the caller, keja_app, so row-level security's policy
-- is in the plan as in the old EXPLAIN, and it can read nothing the caller could not. VOLATILE
-- because PostgreSQL refuses EXPLAIN inside a non-volatile function.
CREATE OR REPLACE FUNCTION list_estimate(query text, params text[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  IF query !~* '^\s*select\s' OR position(';' in query) > 0 THEN
    RAISE EXCEPTION 'list_estimate: one SELECT only';
  END IF;
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || format(query, VARIADIC coalesce(params, ARRAY[]::text[])) INTO plan;
  RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
END $$;
