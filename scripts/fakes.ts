// `npm run fakes`: the local provider fakes, for the demo and `npm run dev` without Safaricom.
// Point Keja at them with DARAJA_URL (README "Try it without Safaricom").
import { startFakeDaraja } from '../src/dev/fake-daraja.js';

const port = Number(process.env.FAKE_DARAJA_PORT || 8091);
const daraja = await startFakeDaraja({ host: process.env.FAKE_HOST || '127.0.0.1', port });
console.log(`  Fake Daraja at ${daraja.url}  (start Keja with DARAJA_URL=${daraja.url})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void daraja.close().then(() => process.exit(0)));
}
