-- A billing run counts the leases it finds already billed for its period instead of listing each
-- in skipped_reasons: a re-run of 100,000 leases built, stored and served a 6.4 MB list (1.8 s where
-- the rest of the re-run takes a fraction of it), and the run's every read carried it. The other
-- reasons (draft, ended, not started, not due, nothing to bill) are still listed lease by lease.
ALTER TABLE "billing_runs" ADD COLUMN "already_billed" integer DEFAULT 0 NOT NULL;