import { describe, expect, it } from 'vitest';
import { isGsm7, smsCredits, smsSegments } from '../../src/shared/sms';

describe('SMS segments', () => {
  it('counts nothing for an empty text', () => {
    expect(smsSegments('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0, remaining: 160 });
  });

  it('fits 160 GSM-7 characters in one segment and splits the 161st into 153-character parts', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, remaining: 0, perSegment: 160 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153, remaining: 145 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extension characters twice and never splits their escape from them', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    // 152 plain characters then a 2-septet one: it does not fit in the first 153 and moves on
    const r = smsSegments(`${'a'.repeat(152)}{${'a'.repeat(10)}`);
    expect(r).toMatchObject({ units: 164, segments: 2, remaining: 153 - 12 });
  });

  it('treats the GSM alphabet’s accented letters as GSM-7 and others as UCS-2 (70/67)', () => {
    expect(isGsm7('Habari Amina, kodi ya Ksh 15,000 — asante')).toBe(false); // the em dash
    expect(isGsm7('Café Müller: 5€ @ 10:00 ñ ü')).toBe(true);
    expect(smsSegments('ş'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, remaining: 0 });
    expect(smsSegments('ş'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsSegments('ş'.repeat(134)).segments).toBe(2);
    expect(smsSegments('ş'.repeat(135)).segments).toBe(3);
  });

  it('counts an emoji as two UCS-2 units and keeps its halves together', () => {
    expect(smsSegments('😀'.repeat(35))).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    // 66 characters, then an emoji that does not fit the first 67 units: it starts the second part
    const r = smsSegments(`${'x'.repeat(66)}😀xxxx`);
    expect(r).toMatchObject({ units: 72, segments: 2, remaining: 67 - 6 });
  });

  it('adds up credits per recipient text', () => {
    expect(smsCredits(['hello', 'a'.repeat(200), ''])).toBe(3);
  });
});
