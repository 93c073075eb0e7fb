// English texts of the outbox's row action, merged under `screens`. Swahili twins in messages-sw.ts.
export const outboxEnglish = {
  outbox: {
    written: 'Messages written',
    written_detail: 'Sent: %{sent} · Scheduled: %{queued} · Waiting for credits: %{short} · Failed: %{failed}',
    retry: 'Retry',
    retry_label: 'Send this message again',
    sent: 'Message sent',
    still_waiting: 'Not sent yet',
    scheduled: 'Goes out %{when}',
  },
};
