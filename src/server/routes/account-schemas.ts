import { Type } from 'typebox';
import { Nullable, NullableDateTime } from '../../shared/schema-helpers.js';

// The answers of the account routes (auth, organisations, tokens), declared once. A typed
// response schema is also a guard: Fastify's serialiser writes only the keys named here, so a
// column added to a query later (a password hash, a token hash) never reaches a client.

// Date columns are serialised to ISO strings by Fastify; the handlers may return either.
const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' });

export const Message = Type.Object({ message: Type.String() });
/** A 204's declared answer: nothing. */
export const NoContent = Type.Unsafe<void>({ type: 'null', description: 'No content' });

export const PublicUser = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String({ format: 'email' }),
  phone: Nullable(Type.String()),
  status: Type.String({ description: 'active or disabled' }),
}, { description: 'never the password hash' });

export const Organization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  kra_pin: Nullable(Type.String()),
  logo: Nullable(Type.String()),
  currency: Type.String({ description: 'KES' }),
  locale: Type.String({ description: 'en-KE or sw-KE' }),
  timezone: Type.String({ description: 'IANA, e.g. Africa/Nairobi' }),
  created_at: DateTime,
}, { description: 'never its settings' });

export const CurrentUser = Type.Object({
  user: PublicUser,
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  permissions: Type.Array(Type.String({ description: 'action.module, e.g. list.property' })),
  organization: Type.Union([Organization, Type.Null()], { description: 'the active organisation; null when the user belongs to none' }),
});

export const UserAnswer = Type.Object({ user: PublicUser });
export const OrganizationAnswer = Type.Object({ organization: Organization });

export const AccessToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  abilities: Type.Unsafe<unknown>({ type: 'array', items: { type: 'string' }, description: 'the abilities granted; ["*"] is every one' }),
  last_used_at: NullableDateTime,
  expires_at: NullableDateTime,
  created_at: DateTime,
}, { description: 'never the token or its hash' });

export const NewAccessToken = Type.Object({
  token: AccessToken,
  plain_text_token: Type.String({ description: '"id|secret": shown once, send it as "Authorization: Bearer …"' }),
});
