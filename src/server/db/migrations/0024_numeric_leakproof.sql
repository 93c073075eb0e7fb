-- Money columns are numeric, and PostgreSQL does not mark numeric's comparison functions
-- leakproof. Under row-level security (every tenant table, forced) that has two costs: the planner
-- may not read a column's statistics for a qual whose operator is not leakproof, so a money range
-- (`total >= … and total <= …`) is estimated at one row; and such a qual cannot be an index
-- condition. The list's bounded count of a money range then ran as a parallel sequential scan of
-- the whole table (23 ms and three processes for 225,000 invoices; as the owner, an index-only
-- scan). The comparisons raise no error on any numeric value (NaN and infinities included) and
-- tell nothing but their answer, as leakproof requires. Only a superuser may mark a function
-- leakproof: under any other owner this changes nothing but the plans' speed (a notice says so).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION numeric_eq(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ne(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_lt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_le(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_gt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ge(numeric, numeric) LEAKPROOF;
  ELSE
    RAISE NOTICE 'numeric comparisons left as they are (marking them leakproof needs a superuser): money filters under row-level security plan without statistics';
  END IF;
END $$;
