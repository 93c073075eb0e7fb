import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets the server keeps for an organisation (Daraja keys) are stored encrypted with AES-256-GCM
// under a key derived (HKDF-SHA256) from the application key, so a database dump alone does not
// give them away. The ciphertext is bound to its organisation and purpose (GCM's additional
// data): a value copied into another organisation's row does not decrypt.

const VERSION = 'v1';
let key: Buffer | null = null;

/** Called once when the app starts (app.ts), from config.appKey. */
export function configureSecretBox(appKey: string): void {
  key = Buffer.from(hkdfSync('sha256', appKey, 'keja', 'keja/stored-secrets/aes-256-gcm', 32));
}

function currentKey(): Buffer {
  if (!key) throw new Error('secret box: configureSecretBox(appKey) was not called');
  return key;
}

const aad = (organizationId: string, purpose: string) => Buffer.from(`${organizationId}\u0000${purpose}`, 'utf8');

/** 'v1.<iv>.<tag>.<ciphertext>' (base64url parts). */
export function encryptSecret(plain: string, organizationId: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  cipher.setAAD(aad(organizationId, purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text, or null when the value is not ours (tampered, another organisation, another key). */
export function decryptSecret(stored: string, organizationId: string, purpose: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(organizationId, purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const isEncrypted = (value: unknown): boolean => typeof value === 'string' && value.startsWith(`${VERSION}.`) && value.split('.').length === 4;
