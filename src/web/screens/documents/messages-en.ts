// English texts of the document actions (download a PDF, email it to the tenant) and of crediting
// an invoice, merged under `screens`. Swahili twins in messages-sw.ts, the same key tree.
export const documentsEnglish = {
  documents: {
    pdf: 'Download PDF',
    email: 'Email to tenant',
    email_title: 'Email %{what}',
    email_message: 'The PDF goes as an attachment. Leave the address empty to send it to the tenant’s own email.',
    to: 'Email address (optional)',
    sent: 'Emailed to %{to}',
    failed: 'The email could not be sent: %{error}',
    download_failed: 'The PDF could not be downloaded',
    invoice: 'invoice %{number}',
    receipt: 'receipt %{number}',
    statement: 'the statement',
  },
  credit: {
    action: 'Credit',
    title: 'Credit invoice %{number}',
    message: 'The invoice bills this much less. On a paid invoice, what its payments no longer need becomes the tenant’s credit on account.',
    amount: 'Amount to credit (KES)',
    at_most: 'At most %{amount}',
    done: 'Invoice credited',
  },
};
