-- The STK status query's pass (every 15 s, domain/daraja/stk-query.ts) finds the organisations with a
-- push still waiting for its callback in one statement; this index holds only those pushes, so the pass
-- reads a handful of entries however many pushes were ever made.
CREATE INDEX "payment_requests_unanswered_idx" ON "payment_requests" USING btree ("organization_id") WHERE state = 'sent' and queried_at is null;
