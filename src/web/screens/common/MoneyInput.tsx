// A money input: the form value stays the decimal text the API speaks ('15000.00'), checked with
// the shared parser (at most two decimals), so no amount ever passes through a float.
import { InputAdornment } from '@mui/material';
import { TextInput, type TextInputProps, type Validator } from 'react-admin';
import { formatAmount } from '../../../shared/format';
import { centsToDecimal, parseMoney } from '../../../shared/resource-values';

export interface MoneyInputProps extends Omit<TextInputProps, 'type'> {
  /** Lowest amount in shillings, as text ('0', '0.01'). */
  min?: string;
}

export const moneyValidator = (min?: string): Validator => (value: unknown) => {
  if (value == null || value === '') return undefined;
  const cents = parseMoney(value);
  if (cents === null) return 'screens.validation.money';
  if (min != null && cents < (parseMoney(min) ?? 0n)) return { message: 'screens.validation.money_min', args: { min: `KES ${formatAmount(centsToDecimal(parseMoney(min) ?? 0n))}` } };
  return undefined;
};

export function MoneyInput({ min, validate, slotProps, ...props }: MoneyInputProps) {
  const rules = [moneyValidator(min), ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  return (
    <TextInput
      {...props}
      validate={rules}
      format={(v: unknown) => (v == null ? '' : String(v))}
      parse={(v: string) => (v === '' ? null : v.replace(/[\s,]/g, ''))}
      slotProps={{
        ...slotProps,
        input: { startAdornment: <InputAdornment position="start">KES</InputAdornment> },
        htmlInput: { inputMode: 'decimal', style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } },
      }}
    />
  );
}
