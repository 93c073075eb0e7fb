// A second person in an organisation: registered, invited by its administrator with a new role
// holding exactly `permissions`, the invitation accepted, working in that organisation. The tests
// that prove a missing permission is refused start from here.
import type { FastifyInstance } from 'fastify';
import { registeredBrowser, type Browser } from './helpers.js';

export interface Member {
  browser: Browser;
  userId: string;
  roleId: string;
  email: string;
}

export async function memberWith(app: FastifyInstance, admin: Browser, orgId: string, permissions: string[]): Promise<Member> {
  const role = await admin.post('/api/v1/roles', { name: `Only ${permissions.join(' ')} ${Math.random()}`, permissions });
  if (role.statusCode !== 201) throw new Error(`role failed: ${role.statusCode} ${role.body}`);
  const person = await registeredBrowser(app);
  const invited = await admin.post('/api/v1/users', { name: 'Member', email: person.email, role_ids: [role.json().id] });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const accepted = await person.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`acceptance failed: ${accepted.statusCode} ${accepted.body}`);
  person.browser.tenant = orgId;
  return { browser: person.browser, userId: person.user.id, roleId: String(role.json().id), email: person.email };
}
