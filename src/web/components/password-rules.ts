import { maxLength, minLength, required } from 'react-admin';

/** The server's password rule (8 to 128 characters), checked before sending. */
export const passwordRules = [required(), minLength(8), maxLength(128)];

export const matchesPassword = (value: unknown, values: Record<string, unknown>) =>
  value && value !== values.password ? 'keja.auth.errors.password_mismatch' : undefined;
