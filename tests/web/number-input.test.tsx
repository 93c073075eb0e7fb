// Seed section 5: number inputs clamp to min and max, step 1 by default, rounding half-expand.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberInput } from '../../src/web/components/NumberInput';
import { clamp, normaliseNumber, roundTo, DEFAULT_STEP, DEFAULT_ROUNDING_MODE } from '../../src/web/components/number';
import { renderForm } from './harness';

describe('number rules', () => {
  it('default to step 1 and half-expand rounding', () => {
    expect(DEFAULT_STEP).toBe(1);
    expect(DEFAULT_ROUNDING_MODE).toBe('halfExpand');
  });
  it('clamp to min and max', () => {
    expect(clamp(5, 0, 3)).toBe(3);
    expect(clamp(-5, 0, 3)).toBe(0);
    expect(clamp(2, 0, 3)).toBe(2);
    expect(clamp(2)).toBe(2);
  });
  it('round halves away from zero', () => {
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.125, 2)).toBe(0.13);
    expect(roundTo(0.125, 2, 'halfEven')).toBe(0.12); // the mode is what decides
  });
  it('round to the step’s precision, then clamp', () => {
    expect(normaliseNumber(2.4)).toBe(2);
    expect(normaliseNumber(2.25, { step: 0.5 })).toBe(2.3);
    expect(normaliseNumber(99.6, { max: 99.5, step: 0.1 })).toBe(99.5);
    expect(normaliseNumber(1234.567, { maxFractionDigits: 2 })).toBe(1234.57);
  });
});

describe('<NumberInput>', () => {
  const setup = (props: Record<string, unknown> = {}, defaults: Record<string, unknown> = {}) => {
    const onSubmit = vi.fn();
    renderForm(<NumberInput source="amount" label="Amount" {...props} />, onSubmit, defaults);
    return { onSubmit, input: screen.getByRole('spinbutton', { name: 'Amount' }) as HTMLInputElement };
  };

  it('clamps a value above the maximum', async () => {
    const user = userEvent.setup();
    const { onSubmit, input } = setup({ min: 0, max: 100 });
    await user.type(input, '150');
    await user.tab();
    expect(input).toHaveValue('100');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ amount: 100 });
  });

  it('clamps a value below the minimum', async () => {
    const user = userEvent.setup();
    const { input } = setup({ min: 10, max: 100 });
    await user.type(input, '3');
    await user.tab();
    expect(input).toHaveValue('10');
  });

  it('rounds half-expand to whole numbers with the default step', async () => {
    const user = userEvent.setup();
    const { onSubmit, input } = setup();
    await user.type(input, '2.5');
    await user.tab();
    expect(input).toHaveValue('3');
    await user.clear(input);
    await user.type(input, '-2.5');
    await user.tab();
    expect(input).toHaveValue('-3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit.mock.calls[0][0]).toMatchObject({ amount: -3 }));
  });

  it('steps by 1 with the arrow keys, within the limits', async () => {
    const { input } = setup({ max: 5 }, { amount: 4 });
    expect(input).toHaveAttribute('data-step', '1');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveValue('5');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveValue('5');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveValue('4');
  });

  it('keeps the precision of a decimal step', async () => {
    const user = userEvent.setup();
    const { input } = setup({ step: 0.01 });
    await user.type(input, '10.125');
    await user.tab();
    expect(input).toHaveValue('10.13');
  });
});
