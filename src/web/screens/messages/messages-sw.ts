// Maandishi ya Kiswahili ya kitendo cha safu ya sanduku la kutoka (pacha wa messages-en.ts).
export const outboxSwahili = {
  outbox: {
    written: 'Jumbe zimeandikwa',
    written_detail: 'Zimetumwa: %{sent} · Zimepangwa: %{queued} · Zinasubiri salio: %{short} · Zimeshindwa: %{failed}',
    retry: 'Jaribu tena',
    retry_label: 'Tuma ujumbe huu tena',
    sent: 'Ujumbe umetumwa',
    still_waiting: 'Bado haujatumwa',
    scheduled: 'Utatumwa %{when}',
  },
};
