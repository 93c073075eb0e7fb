// Screenshots of Settings › SMS (test SMS and delivery-report URL) for a person to look at (not a
// test): npx tsx tests/e2e/sms-settings-shots.mts  (needs `npm run build`). Starts the fake AT and
// a demo server pointed at it.
import { startFakeAfricasTalking, FAKE_AT_API_KEY, FAKE_AT_USERNAME } from '../../src/dev/fake-africastalking.ts';
import { openChromium, startServer } from './harness.ts';
import { logIn } from './demo-app.ts';

const email = 'admin@demo.keja.co.ke';
const password = 'Demo-Pass-2026';
const fake = await startFakeAfricasTalking();
fake.invalidNumbers.add('+254799000000');
const server = await startServer({ DEMO: '1', DEMO_EMAIL: email, DEMO_PASSWORD: password, DEMO_HISTORY_MONTHS: '1', AFRICASTALKING_URL: fake.url });
const out = process.env.SHOTS ?? '/tmp/sms-shots';
try {
  for (const [w, h, tag] of [[1280, 800, 'laptop'], [390, 844, 'phone']] as const) {
    const b = await openChromium({ width: w, height: h });
    const { page } = b;
    page.setDefaultTimeout(120_000);
    await logIn(page, server.url, email, password);
    // choose Africa's Talking (the fake) through the API, as the form would save it
    await page.evaluate(async ([user, key]) => {
      const org = JSON.parse(localStorage.getItem('keja.organization') ?? 'null') as { id: string };
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.slice(11));
      const headers = { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Tenant-Id': org.id, 'X-XSRF-TOKEN': xsrf };
      const s = await (await fetch('/api/v1/settings', { headers })).json();
      await fetch('/api/v1/settings', { method: 'PUT', headers, body: JSON.stringify({ ...s, sms_driver: 'africastalking', africastalking_username: user, africastalking_api_key: key, sms_sender_id: 'KEJA' }) });
    }, [FAKE_AT_USERNAME, FAKE_AT_API_KEY]);
    await page.goto(`${server.url}/settings`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: 'SMS' }).click();
    const phone = page.getByLabel('Phone number');
    await phone.fill('0712 345678');
    await page.getByRole('button', { name: 'Send test SMS' }).click();
    await page.getByTestId('test-sms-answer').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/sms-accepted-${tag}.png`, fullPage: true });
    await phone.fill('0799 000000');
    await page.getByRole('button', { name: 'Send test SMS' }).click();
    await page.getByTestId('test-sms-answer').filter({ hasText: 'not valid' }).waitFor();
    await page.screenshot({ path: `${out}/sms-refused-${tag}.png`, fullPage: true });
    await page.getByLabel("Africa's Talking username").fill('changed');
    await phone.fill('12');
    await page.getByRole('button', { name: 'Send test SMS' }).click();
    await page.getByText('Enter a valid phone number').waitFor();
    await page.screenshot({ path: `${out}/sms-unsaved-${tag}.png`, fullPage: true });
    await b.close();
  }
  console.log(`shots in ${out}; the fake accepted ${fake.sent.filter((s) => s.statusCode === 101).length}`);
} finally {
  await server.stop();
  await fake.close();
}
