// Maandishi ya Kiswahili ya kitendo cha safu ya sanduku la kutoka (pacha wa messages-en.ts).
export const outboxSwahili = {
  outbox: {
    written: 'Jumbe zimeandikwa',
    written_detail: 'Zimetumwa: %{sent} · Zimepangwa: %{queued} · Zinasubiri salio: %{short} · Zimeshindwa: %{failed}',
    retry: 'Jaribu tena',
    retry_label: 'Tuma ujumbe huu tena',
    sent: 'Ujumbe umetumwa',
    still_waiting: 'Bado haujatumwa',
    requeued: 'Umepangwa tena',
    requeued_detail: 'Ujumbe %{smart_count} utatumwa punde |||| Jumbe %{smart_count} zitatumwa punde',
    retry_all: 'Tuma tena %{smart_count} ulioshindwa |||| Tuma tena %{smart_count} zilizoshindwa',
    scheduled: 'Utatumwa %{when}',
    logged_detail: '%{n} umeandikwa kwenye kumbukumbu ya seva, haujafika (dereva wa SMS ni “log”: chagua mtoa huduma katika Mipangilio › SMS). |||| %{n} zimeandikwa kwenye kumbukumbu ya seva, hazijafika (dereva wa SMS ni “log”: chagua mtoa huduma katika Mipangilio › SMS).',
    logged: 'Imeandikwa kwenye kumbukumbu ya seva, haijafika',
  },
  compose_check: {
    not_sent: 'Mpokeaji %{n} hatapata chochote: kishika-nafasi hakina thamani kwake |||| Wapokeaji %{n} hawatapata chochote: kishika-nafasi hakina thamani kwao',
    lacks: '%{name}: hakuna %{list}',
    more: 'na wengine %{n}',
    write: 'Andika ujumbe au chagua kiolezo ili kuuona kama kila mpokeaji atakavyoupata.',
    nobody_complete: 'Hakuna mtu katika kundi hili mwenye thamani ya kila kishika-nafasi cha maandishi haya.',
  },
};
