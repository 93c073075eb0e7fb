import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordValues } from '../../../../src/shared/resource.js';
import { inScope } from '../../../../src/server/db/client.js';
import { runReminders } from '../../../../src/server/domain/messaging/reminders.js';
import { configureJobs } from '../../../../src/server/jobs/registry.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../../helpers.js';
import { issue, ledger, pay, type Ledger } from '../payments/fixtures.js';

// The reminder schedule (domain/messaging/reminders.ts, jobs/server-jobs.ts): days before and
// after the due date from settings, in the organisation's day (the app's clock here), each
// reminder at most once per invoice and rule across runs, restarts and server processes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const reminders = async (l: Ledger) => ((await l.browser.get(`/api/v1/messages?filter=${encodeURIComponent(JSON.stringify({ tenant_id: l.lease.tenant_id }))}&range=[0,99]`)).json() as RecordValues[])
  .filter((m) => /reminder|was due/.test(String(m.body)));

/** The hourly tick on `day`, in every given "process" at once, then their queues run. */
async function tick(apps: TestApp[], day: string, orgs: string[]) {
  for (const a of apps) a.clock.today = day;
  await Promise.all(apps.map((a) => a.app.serverJobs.remindersTick(orgs)));
  await Promise.all(apps.map((a) => a.app.jobs.drain()));
}

async function estate(name: string) {
  const l = await ledger(t.app, name);
  const tenant = (await l.browser.get(`/api/v1/tenants/${l.lease.tenant_id}`)).json() as RecordValues;
  await l.browser.put(`/api/v1/tenants/${l.lease.tenant_id}`, { ...tenant, name: 'Brian Otieno', phone: '+254712400001', sms_opt_in: true });
  const lease = (await l.browser.get(`/api/v1/leases/${l.lease.id}`)).json() as RecordValues;
  if (lease.status === 'draft') expect((await l.browser.post(`/api/v1/leases/${l.lease.id}/activate`, {})).statusCode).toBe(200);
  const settings = (await l.browser.get('/api/v1/settings')).json() as RecordValues;
  expect((await l.browser.put('/api/v1/settings', { ...settings, reminder_days_before: 3, reminder_days_after: 2 })).statusCode).toBe(200);
  // only this invoice is open: the lease's own ones (activation) are paid off first
  await t.database.db.execute(sql`update invoices set status = 'paid', balance = 0 where organization_id = ${l.orgId}`);
  const invoice = await issue(l, { due: '2031-03-10', amounts: ['9000.00'] });
  return { l, invoice };
}

describe('the reminder schedule', () => {
  it('writes each reminder once per invoice and rule, across runs and two server processes', async () => {
    const { l } = await estate('Reminder Estates');
    const second = await buildTestApp({}, t.database);
    configureJobs(t.app.jobs);
    try {
      const both = [t, second];
      await tick(both, '2031-03-06', [l.orgId]);
      expect(await reminders(l)).toEqual([]);
      // three days before: one, whatever number of ticks and processes
      await tick(both, '2031-03-07', [l.orgId]);
      await tick(both, '2031-03-07', [l.orgId]);
      await tick(both, '2031-03-08', [l.orgId]);
      const before = await reminders(l);
      expect(before).toHaveLength(1);
      expect(before[0]).toMatchObject({ to: '+254712400001', status: 'logged' });
      expect(before[0].body).toMatch(/^Habari Brian, a reminder: your balance of KES 9,000\.00 for .+ is due on 10 Mar 2031\.( Paybill .+, account \S+\.)?$/);
      // the due day and the day after: nothing new; two days after: the "after" one, once
      await tick(both, '2031-03-10', [l.orgId]);
      await tick(both, '2031-03-11', [l.orgId]);
      expect(await reminders(l)).toHaveLength(1);
      await tick(both, '2031-03-12', [l.orgId]);
      await tick(both, '2031-03-13', [l.orgId]);
      const all = await reminders(l);
      expect(all).toHaveLength(2);
      expect(all.some((m) => String(m.body).includes('was due on 10 Mar 2031'))).toBe(true);
      // a run of the same day by hand (a restart) writes nothing more
      const again = await inScope(t.database.app, { tenant: l.orgId }, (tx) => runReminders(tx, l.orgId, '2031-03-12'));
      expect(again).toMatchObject({ written: 0, already: 1 });
    } finally {
      await second.close();
      configureJobs(t.app.jobs);
      t.clock.today = null;
    }
  });

  it('uses the reminder template; a paid invoice gets none; another organisation is untouched', async () => {
    const { l, invoice } = await estate('Template Reminder Estates');
    const other = await estate('Other Reminder Estates');
    const template = await l.browser.post('/api/v1/templates', { name: 'Kumbusho', channel: 'sms', purpose: 'reminder', body: 'Habari {tenant_name}, salio KES {balance}, tarehe {due_date}.' });
    expect(template.statusCode, template.body).toBe(201);
    await tick([t], '2031-03-07', [l.orgId]);
    const [m] = await l.browser.get(`/api/v1/messages?filter=${encodeURIComponent(JSON.stringify({ template_id: template.json().id }))}`).then((r) => r.json() as RecordValues[]);
    expect(m.body).toBe('Habari Brian, salio KES 9,000.00, tarehe 10 Mar 2031.');
    expect(await reminders(other.l)).toEqual([]);
    expect((await registeredBrowser(t.app, { org: 'Reminder Snoop' })).browser).toBeTruthy();
    // paid in full: no "after" reminder
    await pay(l, '9000.00');
    expect((await l.browser.get(`/api/v1/invoices/${invoice.id}`)).json().status).toBe('paid');
    await tick([t], '2031-03-12', [l.orgId]);
    const texts = ((await l.browser.get(`/api/v1/messages?filter=${encodeURIComponent(JSON.stringify({ template_id: template.json().id }))}`)).json() as RecordValues[]);
    expect(texts).toHaveLength(1);
    t.clock.today = null;
  });
});
