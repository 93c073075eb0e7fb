// Maandishi ya Kiswahili ya kitendo cha safu ya sanduku la kutoka (pacha wa messages-en.ts).
export const outboxSwahili = {
  outbox: {
    retry: 'Jaribu tena',
    retry_label: 'Tuma ujumbe huu tena',
    sent: 'Ujumbe umetumwa',
    still_waiting: 'Bado haujatumwa',
    scheduled: 'Utatumwa %{when}',
  },
};
