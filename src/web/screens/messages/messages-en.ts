// English texts of the outbox's row action and the composer's checks, merged under `screens`. Swahili twins in messages-sw.ts.
export const outboxEnglish = {
  outbox: {
    written: 'Messages written',
    written_detail: 'Sent: %{sent} · Scheduled: %{queued} · Waiting for credits: %{short} · Failed: %{failed}',
    retry: 'Retry',
    retry_label: 'Send this message again',
    sent: 'Message sent',
    still_waiting: 'Not sent yet',
    requeued: 'Queued again',
    requeued_detail: '%{smart_count} message goes out in a moment |||| %{smart_count} messages go out in a moment',
    retry_all: 'Retry %{smart_count} failed |||| Retry %{smart_count} failed',
    scheduled: 'Goes out %{when}',
    logged_detail: '%{n} written to the server log, not delivered (SMS driver “log”: choose a provider in Settings › SMS). |||| %{n} written to the server log, not delivered (SMS driver “log”: choose a provider in Settings › SMS).',
    logged: 'Written to the server log, not delivered',
  },
  compose_check: {
    not_sent: '%{n} recipient will get nothing: a placeholder has no value for them |||| %{n} recipients will get nothing: a placeholder has no value for them',
    lacks: '%{name}: no %{list}',
    more: 'and %{n} more',
    write: 'Write the message or choose a template to see it as each recipient gets it.',
    nobody_complete: 'Nobody in this audience has a value for every placeholder of this text.',
  },
};
