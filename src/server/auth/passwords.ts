import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// argon2id, m=19 MiB, t=2, p=1: OWASP ASVS appendix C's second option, about 13 ms here.
const OPTIONS = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const common = new Set<string>((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows: verifying against it costs the same as a real check. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (decoy ??= hashPassword('decoy-password-never-used')), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The messages for a new password, empty when it is acceptable (ASVS 6.2: length and the common list, no composition rules). */
export function passwordProblems(password: string, confirmation: string | undefined): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push(`The password field must be at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX) problems.push(`The password field must not be greater than ${PASSWORD_MAX} characters.`);
  if (password.length >= PASSWORD_MIN && common.has(password.toLowerCase())) {
    problems.push('The given password is too common. Please choose a different password.');
  }
  if (confirmation !== undefined && confirmation !== password) problems.push('The password field confirmation does not match.');
  return problems;
}
