import { describe, expect, it } from 'vitest';
import {
  extractPhoneNumber,
  normaliseKenyanMobile,
  parseCountryLookup,
  pickDefaultCountry,
  PHONE_EXTRACT_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PLACEHOLDER,
  COUNTRY_TYPEAHEAD_MS,
  COUNTRY_MENU_MIN_SPACE_BELOW,
  formatInternational,
  nationalToInternational,
} from '../../src/shared/phone';

describe('phone constants (seed sections 5 and 9)', () => {
  it('match the seed', () => {
    expect(PHONE_MAX_LENGTH).toBe(25);
    expect(PHONE_PLACEHOLDER).toBe('Enter a phone number');
    expect(PHONE_EXTRACT_MAX_LENGTH).toBe(250);
    expect(COUNTRY_TYPEAHEAD_MS).toBe(700);
    expect(COUNTRY_MENU_MIN_SPACE_BELOW).toBe(200);
  });
});

describe('parseCountryLookup', () => {
  it('takes the two letters after the success flag', () => {
    expect(parseCountryLookup('1;KE;KEN;Kenya')).toBe('KE');
    expect(parseCountryLookup('1;US;USA;United States of America (the)\n')).toBe('US');
  });

  it('refuses failures, unknown and malformed answers', () => {
    expect(parseCountryLookup('0;;;WRONG INPUT')).toBeNull();
    expect(parseCountryLookup('2;;;UNKNOWN')).toBeNull();
    expect(parseCountryLookup('1;ZZ;ZZZ;Reserved')).toBeNull();
    expect(parseCountryLookup('<html>oops</html>')).toBeNull();
    expect(parseCountryLookup('')).toBeNull();
    expect(parseCountryLookup(null)).toBeNull();
  });
});

describe('pickDefaultCountry', () => {
  const all = ['AF', 'KE', 'TZ', 'UG'];
  it('uses the looked-up country when offered', () => {
    expect(pickDefaultCountry('TZ', all)).toBe('TZ');
  });
  it('falls back to the preferred country (Kenya)', () => {
    expect(pickDefaultCountry(null, all)).toBe('KE');
    expect(pickDefaultCountry('FR', all)).toBe('KE');
  });
  it('falls back to the first country listed when the preferred one is not offered', () => {
    expect(pickDefaultCountry(null, ['UG', 'TZ'])).toBe('UG');
    expect(pickDefaultCountry(null, ['UG', 'TZ'], ['TZ'])).toBe('TZ');
  });
});

describe('extractPhoneNumber', () => {
  it('finds a number inside text', () => {
    expect(extractPhoneNumber('Call me on +254 712 345 678 tomorrow')).toBe('+254712345678');
    expect(extractPhoneNumber('0712-345-678')).toBe('0712345678');
  });
  it('returns null without a number', () => {
    expect(extractPhoneNumber('no number here')).toBeNull();
    expect(extractPhoneNumber('12')).toBeNull();
  });
  it('refuses text longer than 250 characters', () => {
    const padded = `+254712345678 ${'x'.repeat(PHONE_EXTRACT_MAX_LENGTH)}`;
    expect(padded.length).toBeGreaterThan(250);
    expect(extractPhoneNumber(padded)).toBeNull();
    const justFits = `+254712345678${' '.repeat(250 - 13)}`;
    expect(justFits.length).toBe(250);
    expect(extractPhoneNumber(justFits)).toBe('+254712345678');
  });
});

describe('normaliseKenyanMobile', () => {
  it('accepts the usual Kenyan forms', () => {
    for (const v of ['0712345678', '712345678', '254712345678', '+254712345678', '0712 345 678', '0712-345-678']) {
      expect(normaliseKenyanMobile(v)).toBe('+254712345678');
    }
    expect(normaliseKenyanMobile('0110123456')).toBe('+254110123456');
  });
  it('refuses landlines and garbage', () => {
    expect(normaliseKenyanMobile('0201234567')).toBeNull();
    expect(normaliseKenyanMobile('hello')).toBeNull();
  });
});

describe('nationalToInternational (a leading 0 is the selected country\'s national prefix)', () => {
  it('reads 0712 345 678 in Kenya as +254712345678, however the input showed it', () => {
    for (const typed of ['0712 345 678', '0712345678', '+0712 345 678', '+254 0712 345 678', '+2540712345678']) {
      expect(nationalToInternational(typed, 'KE'), typed).toBe('+254712345678');
    }
    expect(nationalToInternational('0772 123456', 'UG')).toBe('+256772123456');
  });
  it('works while the number is still being typed', () => {
    expect(nationalToInternational('+0', 'KE')).toBe('+254');
    expect(nationalToInternational('+07', 'KE')).toBe('+2547');
    expect(nationalToInternational('+2540', 'KE')).toBe('+254');
  });
  it('leaves international numbers, and a 0 that belongs to the number, alone', () => {
    expect(nationalToInternational('+254712345678', 'KE')).toBeNull();
    expect(nationalToInternational('+254 712 345678', 'KE')).toBeNull();
    expect(nationalToInternational('+39 06 1234 5678', 'IT')).toBeNull();
    expect(nationalToInternational('06 1234 5678', 'IT')).toBe('+390612345678');
    expect(nationalToInternational('0712345678', null)).toBeNull();
    expect(nationalToInternational('', 'KE')).toBeNull();
  });
  it('formats E.164 the way people read it', () => {
    expect(formatInternational('+254712345678')).toBe('+254 712 345678');
  });
});
