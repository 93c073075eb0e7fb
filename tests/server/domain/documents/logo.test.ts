import { describe, expect, it } from 'vitest';
import { logoBytes, MAX_LOGO_BYTES } from '../../../../src/server/domain/documents/logo.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64');

describe('the logo a document embeds', () => {
  it('is read from a data: URL of a real PNG or JPEG only', () => {
    expect(logoBytes(`data:image/png;base64,${PNG}`)?.subarray(1, 4).toString()).toBe('PNG');
    expect(logoBytes(`data:image/jpeg;base64,${JPEG}`)?.[0]).toBe(0xff);
  });

  it('never makes the server fetch an address (SSRF): web and file URLs are left off', () => {
    for (const url of ['https://example.com/logo.png', 'http://169.254.169.254/latest/meta-data', 'file:///etc/passwd', '//internal/logo.png', '/uploads/logo.png']) {
      expect(logoBytes(url)).toBeNull();
    }
  });

  it('refuses what is not what it claims, other image kinds and oversize images', () => {
    expect(logoBytes(`data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`)).toBeNull();
    expect(logoBytes(`data:image/svg+xml;base64,${PNG}`)).toBeNull();
    expect(logoBytes('data:image/png;base64,')).toBeNull();
    const big = Buffer.alloc(MAX_LOGO_BYTES + 1);
    Buffer.from(PNG, 'base64').copy(big);
    expect(logoBytes(`data:image/png;base64,${big.toString('base64')}`)).toBeNull();
    expect(logoBytes(null)).toBeNull();
  });
});
