-- Deposit lines are a handful among an organisation's invoice lines; the aging and the deposit
-- rules look them up by kind (the lease's deposit) or by charge (a deposit-category charge).
CREATE INDEX IF NOT EXISTS "invoice_lines_deposit_idx" ON "invoice_lines" USING btree ("organization_id", "invoice_id") WHERE "kind" = 'deposit';
