import { describe, expect, it } from 'vitest';
import { normaliseAccount, parseAmount, parseC2bBody, parseTransTime } from '../../../../src/server/domain/daraja/c2b-payload.js';

describe('C2B payload', () => {
  it('reads TransTime in Africa/Nairobi (UTC+3) and refuses impossible times', () => {
    expect(parseTransTime('20191122063845')?.toISOString()).toBe('2019-11-22T03:38:45.000Z');
    expect(parseTransTime(20260101001500)?.toISOString()).toBe('2025-12-31T21:15:00.000Z');
    for (const bad of ['20190231120000', '20191122256000', '2019112206384', 'x', '', null]) expect(parseTransTime(bad)).toBeNull();
  });

  it('takes amounts as exact cents and refuses non-numeric, negative, zero and more than two decimals', () => {
    expect(parseAmount('5000.00')).toBe(500000n);
    expect(parseAmount('10')).toBe(1000n);
    expect(parseAmount(' 0.1 ')).toBe(10n);
    expect(parseAmount(1234.56)).toBe(123456n);
    for (const bad of ['0', '0.00', '-5', '1.234', 'abc', '1e3', '', null, true, Number.NaN, '1,000']) expect(parseAmount(bad)).toBeNull();
  });

  it('normalises account numbers however they were typed', () => {
    for (const typed of ['a12', ' A-12 ', 'a 12', 'A.12#', '  a_12\t']) expect(normaliseAccount(typed)).toBe('A12');
  });

  it('answers malformed bodies in Daraja’s shape', () => {
    expect(parseC2bBody('{"TransID":')).toEqual({ ok: false, answer: { ResultCode: 'C2B00016', ResultDesc: expect.stringMatching(/not JSON/) } });
    const r = parseC2bBody(JSON.stringify({ TransID: 'RKTQDM7W6S', TransTime: '20191122063845', TransAmount: '-5' }));
    expect(r).toMatchObject({ ok: false, answer: { ResultCode: 'C2B00013' } });
    expect(parseC2bBody('[]')).toMatchObject({ ok: false, answer: { ResultCode: 'C2B00016' } });
  });
});
