import { describe, expect, it } from 'vitest';
import { isUsableSecret, newCallbackSecret, refusedWordIn, REFUSED_URL_WORDS, SECRET_ALPHABET } from '../../../../src/server/domain/daraja/url-rules.js';
import { callbackUrls } from '../../../../src/server/domain/payment-channels.js';

// Safaricom refuses to register a URL holding mpesa, m-pesa, safaricom, exe, exec, cmd, sql or query.
describe('callback URL words', () => {
  it('no generated secret, nor the URLs made of it, ever holds a refused word (20,000 draws)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const secret = newCallbackSecret();
      seen.add(secret);
      expect(isUsableSecret(secret)).toBe(true);
      const urls = callbackUrls('https://keja.example.co.ke', secret);
      expect(refusedWordIn(urls.confirmation_url)).toBeNull();
      expect(refusedWordIn(urls.validation_url)).toBeNull();
    }
    expect(seen.size).toBe(20_000);
  });

  it('the alphabet cannot spell any refused word, in any case', () => {
    for (const word of REFUSED_URL_WORDS) {
      const letters = [...word].filter((c) => /[a-z]/i.test(c));
      expect(letters.some((c) => !SECRET_ALPHABET.includes(c) && !SECRET_ALPHABET.includes(c.toUpperCase()))).toBe(true);
    }
    expect(refusedWordIn('https://x/api/v1/webhooks/c2b/abEXEc/confirmation')).toBe('exe');
    expect(refusedWordIn('https://x/M-Pesa/')).toBe('m-pesa');
  });

  it('an old base64url secret is not usable (it is replaced before it is shown)', () => {
    expect(isUsableSecret('aB3_-xyz'.repeat(4))).toBe(false);
    expect(isUsableSecret('')).toBe(false);
    expect(isUsableSecret(null)).toBe(false);
  });
});
