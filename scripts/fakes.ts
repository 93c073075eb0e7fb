// `npm run fakes`: the local provider fakes, for the demo and `npm run dev` without Safaricom or
// Africa's Talking. Point Keja at them with DARAJA_URL and AFRICASTALKING_URL (README "Try it
// without Safaricom").
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME, startFakeAfricasTalking } from '../src/dev/fake-africastalking.js';
import { startFakeDaraja } from '../src/dev/fake-daraja.js';

const host = process.env.FAKE_HOST || '127.0.0.1';
const daraja = await startFakeDaraja({ host, port: Number(process.env.FAKE_DARAJA_PORT || 8091) });
console.log(`  Fake Daraja at ${daraja.url}  (start Keja with DARAJA_URL=${daraja.url})`);
const at = await startFakeAfricasTalking({
  host,
  port: Number(process.env.FAKE_AFRICASTALKING_PORT || 8092),
  // the delivery-report URL shown in Settings › SMS; reports follow every accepted message
  reportUrl: process.env.FAKE_AT_REPORT_URL || undefined,
  autoReport: !!process.env.FAKE_AT_REPORT_URL,
});
console.log(`  Fake Africa's Talking at ${at.url}  (start Keja with AFRICASTALKING_URL=${at.url};`);
console.log(`    in Settings › SMS choose africastalking, username ${FAKE_AT_USERNAME}, API key ${FAKE_AT_API_KEY};`);
console.log('    set FAKE_AT_REPORT_URL to the delivery-report URL shown there to get delivery reports)');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([daraja.close(), at.close()]).then(() => process.exit(0)));
}
