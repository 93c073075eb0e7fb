-- An invoice's lines may be written before the invoice, in the same transaction: a billing run
-- writes a batch's lines while the batch before still holds the invoice number series (their
-- invoices are written once it has the numbers), so only the invoices, their audit rows and these
-- checks wait for the lock. Everyone else keeps the check at each statement's end (initially
-- immediate); issue.ts defers it for the lines it writes early and puts it back once their invoices
-- are there. A line whose invoice never came still fails its transaction, at that point or at commit.
ALTER TABLE "invoice_lines" ALTER CONSTRAINT "invoice_lines_invoice_id_fk" DEFERRABLE INITIALLY IMMEDIATE;
