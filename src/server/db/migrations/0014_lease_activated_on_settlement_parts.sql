ALTER TABLE "deposit_settlements" ADD COLUMN "unused_days_credit" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "activated_on" date;--> statement-breakpoint
-- hand-written: settlements made before this column held the unused days credit inside refundable
-- only; split it out so the parts add up (refundable = deposit - applied + unused_days_credit)
UPDATE "deposit_settlements" SET "unused_days_credit" = "refundable" - ("deposit" - "applied") WHERE "refundable" <> "deposit" - "applied";
