import { describe, expect, it } from 'vitest';
import { consumptionOf, consumptionWarning, fromThousandths, thousandths } from '../../src/shared/meter-readings.js';

describe('meter arithmetic', () => {
  it('is exact to the thousandth: no float ever rounds a reading', () => {
    expect(thousandths('1203.5')).toBe(1203500n);
    expect(thousandths('0.001')).toBe(1n);
    expect(thousandths('1.0005')).toBeNull();
    expect(fromThousandths(1203500n)).toBe('1203.5');
    expect(consumptionOf('0.3', '0.1')).toBe('0.2');
    expect(consumptionOf('112.5', '100')).toBe('12.5');
    expect(consumptionOf('90', '100')).toBe('-10');
    expect(consumptionOf('x', '100')).toBeNull();
  });

  it('warns on a lower reading and on more than twice the recent average, not otherwise', () => {
    expect(consumptionWarning('-0.5', ['10'])).toBe('lower');
    expect(consumptionWarning('21', ['10', '11'])).toBe(null);
    expect(consumptionWarning('21.001', ['10', '11'])).toBe('high');
    // nothing to compare with: no warning for a big first consumption
    expect(consumptionWarning('500', [])).toBe(null);
    expect(consumptionWarning(null, ['10'])).toBe(null);
  });
});
