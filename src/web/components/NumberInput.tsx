// A react-admin number input with the seed's rules: clamps to min/max, step 1 by default,
// half-expand rounding. The form value is always the normalised number; the text shows what
// the person typed until they leave the field.
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { DEFAULT_ROUNDING_MODE, DEFAULT_STEP, normaliseNumber, parseNumber, type RoundingMode } from './number';

export interface NumberInputProps extends Omit<InputProps, 'format' | 'parse'> {
  min?: number;
  max?: number;
  step?: number;
  roundingMode?: RoundingMode;
  maxFractionDigits?: number;
  fullWidth?: boolean;
  placeholder?: string;
  disabled?: boolean;
  helperText?: string | false;
}

const show = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

export function NumberInput({
  min,
  max,
  step = DEFAULT_STEP,
  roundingMode = DEFAULT_ROUNDING_MODE,
  maxFractionDigits,
  fullWidth = true,
  placeholder,
  disabled,
  helperText,
  label,
  ...inputProps
}: NumberInputProps) {
  const rules = useMemo(() => ({ min, max, step, roundingMode, maxFractionDigits }), [min, max, step, roundingMode, maxFractionDigits]);
  const { id, field, fieldState, isRequired } = useInput(inputProps);
  const [text, setText] = useState(() => show(field.value));
  const [focused, setFocused] = useState(false);

  // Follow changes made from outside (form reset, record loaded) while the field is not in use.
  useEffect(() => {
    if (!focused) setText(show(field.value));
  }, [field.value, focused]);

  const commit = (n: number | null) => {
    const value = n == null ? null : normaliseNumber(n, rules);
    field.onChange(value);
    return value;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const current = parseNumber(text) ?? min ?? 0;
    const next = commit(current + (e.key === 'ArrowUp' ? step : -step));
    setText(show(next));
  };

  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      disabled={disabled}
      fullWidth={fullWidth}
      placeholder={placeholder}
      label={label === false ? undefined : <FieldTitle label={label} source={inputProps.source} isRequired={isRequired} />}
      error={!!error}
      helperText={helperText === false && !error ? undefined : <InputHelperText error={error} helperText={helperText} />}
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        setText(e.target.value);
        commit(parseNumber(e.target.value));
      }}
      onBlur={() => {
        setFocused(false);
        setText(show(commit(parseNumber(text))));
        field.onBlur();
      }}
      onKeyDown={onKeyDown}
      slotProps={{
        htmlInput: {
          inputMode: step % 1 === 0 && (maxFractionDigits ?? 0) === 0 ? 'numeric' : 'decimal',
          role: 'spinbutton',
          'aria-valuemin': min,
          'aria-valuemax': max,
          'aria-valuenow': typeof field.value === 'number' ? field.value : undefined,
          'data-step': step,
        },
      }}
    />
  );
}
