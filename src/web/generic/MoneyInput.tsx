// Money in shillings: shows "12,500.00" with a KES prefix, accepts what people type ("12500",
// "12,500.5") and holds the API's wire format, a decimal text with two places ("12500.50"),
// converted with the shared integer-cents helpers (never a float). Text that is not an amount
// stays as typed so the validator can say so.
import { useEffect, useMemo, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';
import { centsToDecimal, parseMoney } from '../../shared/resource-values';

export interface MoneyInputProps extends Omit<InputProps, 'format' | 'parse'> {
  /** Bounds in shillings (a declaration's min/max). */
  min?: number;
  max?: number;
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string | false;
}

const grouping = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '12500.50' → '12,500.50' (via cents, so no float rounding shows). */
export function showMoney(value: unknown): string {
  if (value == null || value === '') return '';
  const cents = parseMoney(value);
  if (cents === null) return String(value);
  const whole = cents / 100n;
  const frac = (cents < 0n ? -cents : cents) % 100n;
  const sign = cents < 0n && whole === 0n ? '-' : '';
  return `${sign}${grouping.format(Number(whole)).replace(/\.00$/, '')}.${frac.toString().padStart(2, '0')}`;
}

/** What was typed → the form value: a two-place decimal text, null when empty, the text itself when invalid. */
export function readMoney(text: string): string | null {
  const t = text.replace(/[\s\u00a0]/g, '').replace(/^(KES|Ksh\.?)/i, '');
  if (t === '') return null;
  const cents = parseMoney(t);
  return cents === null ? text : centsToDecimal(cents);
}

export const moneyValidator = (min?: number, max?: number): Validator => (value: unknown) => {
  if (value == null || value === '') return undefined;
  const cents = parseMoney(value);
  if (cents === null) return 'generic.form.money_invalid';
  if (min != null && cents < parseMoney(min)!) return { message: 'generic.form.money_min', args: { min: showMoney(min) } };
  if (max != null && cents > parseMoney(max)!) return { message: 'generic.form.money_max', args: { max: showMoney(max) } };
  return undefined;
};

export function MoneyInput({ min, max, fullWidth = true, disabled, readOnly, helperText, label, validate, ...inputProps }: MoneyInputProps) {
  const validators = useMemo(
    () => [moneyValidator(min, max), ...(Array.isArray(validate) ? validate : validate ? [validate] : [])],
    [min, max, validate],
  );
  const { id, field, fieldState, isRequired } = useInput({ ...inputProps, validate: validators });
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => showMoney(field.value));

  // Follow values set from outside (record loaded, defaults filled) while not typing.
  useEffect(() => {
    if (!focused) setText(showMoney(field.value));
  }, [field.value, focused]);

  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      disabled={disabled}
      fullWidth={fullWidth}
      label={label === false ? undefined : <FieldTitle label={label} source={inputProps.source} isRequired={isRequired} />}
      error={!!error}
      helperText={helperText === false && !error ? undefined : <InputHelperText error={error} helperText={helperText} />}
      onFocus={() => {
        setFocused(true);
        // Edit the plain number: no thousands separators in the way.
        const cents = parseMoney(field.value);
        if (cents !== null) setText(centsToDecimal(cents).replace(/\.00$/, ''));
      }}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(readMoney(e.target.value));
      }}
      onBlur={() => {
        setFocused(false);
        setText(showMoney(field.value));
        field.onBlur();
      }}
      slotProps={{
        input: {
          readOnly,
          startAdornment: <InputAdornment position="start">KES</InputAdornment>,
        },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', style: { fontVariantNumeric: 'tabular-nums' } },
      }}
    />
  );
}
