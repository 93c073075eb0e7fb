// A react-admin telephone input on mui-tel-input with the seed's rules (sections 5, 7, 9):
// valid only for its country, at most 25 characters, placeholder 'Enter a phone number',
// type-to-find of 700 ms in the country list, the list opening upward under 200 px of room,
// pasted text searched for a number (at most 250 characters), a number typed the national way
// (0712 345 678) read as the selected country's (+254 712 345678), local flags, and the
// IP-to-country hint with Kenya (then the first country) as the fallback.
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { AsYouType, MuiTelInput, matchIsValidTel, type MuiTelInputCountry, type MuiTelInputInfo } from 'mui-tel-input';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';
import {
  COUNTRY_MENU_MIN_SPACE_BELOW,
  COUNTRY_TYPEAHEAD_MS,
  PHONE_MAX_LENGTH,
  PHONE_PLACEHOLDER,
  PREFERRED_COUNTRY,
  extractPhoneNumber,
  formatInternational,
  nationalToInternational,
  pickDefaultCountry,
} from '../../../shared/phone';
import { getCountryCallingCode } from 'libphonenumber-js';
import { getFlagElement, unknownFlag } from './flags';
import { lookupCountry } from './country-lookup';

export interface PhoneInputProps extends Omit<InputProps, 'format' | 'parse'> {
  /** Skips the lookup and starts with this country. */
  defaultCountry?: MuiTelInputCountry;
  onlyCountries?: MuiTelInputCountry[];
  preferredCountries?: MuiTelInputCountry[];
  maxLength?: number;
  placeholder?: string;
  /** The IP-to-country service; defaults to VITE_COUNTRY_LOOKUP_URL or ip2c.org, '' disables. */
  lookupUrl?: string;
  fullWidth?: boolean;
  disabled?: boolean;
  helperText?: string | false;
}

/** Valid for the given country only (a Kenyan number does not pass as Ugandan). */
export function isValidPhoneFor(value: string, country: string | null | undefined): boolean {
  if (!country) return matchIsValidTel(value);
  return matchIsValidTel(value, { onlyCountries: [country as MuiTelInputCountry] });
}

export function PhoneInput({
  defaultCountry,
  onlyCountries,
  preferredCountries = [PREFERRED_COUNTRY as MuiTelInputCountry],
  maxLength = PHONE_MAX_LENGTH,
  placeholder,
  lookupUrl,
  fullWidth = true,
  disabled,
  helperText,
  label,
  validate,
  ...inputProps
}: PhoneInputProps) {
  const translate = useTranslate();
  const fallback = useMemo(
    () => pickDefaultCountry(null, onlyCountries ?? [...preferredCountries, PREFERRED_COUNTRY], preferredCountries),
    [onlyCountries, preferredCountries],
  ) as MuiTelInputCountry;
  // The country the input starts with (changed only by the lookup) and the one it shows now.
  const [startCountry, setStartCountry] = useState<MuiTelInputCountry>(defaultCountry ?? fallback);
  const [country, setCountry] = useState<MuiTelInputCountry | null>(startCountry);
  const countryRef = useRef<string | null>(country);
  const touchedRef = useRef(false);

  const phoneValidator: Validator = (value: unknown) =>
    typeof value === 'string' && value !== '' && !isValidPhoneFor(value, countryRef.current) ? 'keja.phone.invalid' : undefined;
  const validators = useMemo(
    () => [phoneValidator, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])],
    [validate],
  );
  const { id, field, fieldState, isRequired } = useInput({ ...inputProps, validate: validators });
  const [display, setDisplay] = useState<string>(typeof field.value === 'string' ? field.value : '');

  // Ask the configured service for the visitor's country, unless told which country to use.
  useEffect(() => {
    if (defaultCountry) return;
    let live = true;
    lookupCountry(lookupUrl).then((found) => {
      if (!live || touchedRef.current) return;
      const list = onlyCountries ?? (found ? [found, ...preferredCountries] : preferredCountries);
      const next = pickDefaultCountry(found, list, preferredCountries) as MuiTelInputCountry | undefined;
      if (next) {
        countryRef.current = next;
        setCountry(next);
        setStartCountry(next);
      }
    });
    return () => {
      live = false;
    };
  }, [defaultCountry, lookupUrl, onlyCountries, preferredCountries]);

  // Follow values set from outside (record loaded, form reset).
  useEffect(() => {
    const v = typeof field.value === 'string' ? field.value : '';
    if (!touchedRef.current) setDisplay(v);
  }, [field.value]);

  const onChange = (value: string, info: MuiTelInputInfo) => {
    // 0712 345 678: the leading 0 is the selected country's national prefix, not a '+0…' number
    const selected = (countryRef.current ?? startCountry) as MuiTelInputCountry;
    const international = info.reason === 'input' ? nationalToInternational(value, selected) : null;
    if (international) {
      countryRef.current = selected;
      setCountry(selected);
      setDisplay(formatInternational(international));
      touchedRef.current = true;
      // the calling code alone is no number yet
      field.onChange(international.length > getCountryCallingCode(selected).length + 1 ? international : '');
      return;
    }
    countryRef.current = info.countryCode;
    setCountry(info.countryCode);
    setDisplay(value);
    const next = info.numberValue ?? '';
    if (info.reason === 'country' && next === (field.value ?? '')) return; // only the country changed
    touchedRef.current = true;
    field.onChange(next);
  };

  // Pasted text: look for a number in it (never in more than 250 characters).
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (text.length <= maxLength && /^[\d\s()+.-]*$/.test(text)) return; // a plain number: let it through
    e.preventDefault();
    const found = extractPhoneNumber(text);
    if (!found) return;
    touchedRef.current = true;
    const reader = new AsYouType((countryRef.current ?? undefined) as MuiTelInputCountry | undefined);
    reader.input(found);
    const next = (reader.getNumberValue() ?? found).slice(0, maxLength);
    const nextCountry = reader.getCountry();
    if (nextCountry) {
      countryRef.current = nextCountry;
      setCountry(nextCountry);
    }
    setDisplay(next);
    field.onChange(next);
  };

  // The country list opens upward when less than 200 px is left below the input.
  const anchorRef = useRef<HTMLDivElement>(null);
  const [upward, setUpward] = useState(false);
  const measure = () => {
    const rect = anchorRef.current?.getBoundingClientRect();
    if (!rect) return;
    setUpward(window.innerHeight - rect.bottom < COUNTRY_MENU_MIN_SPACE_BELOW);
  };

  // Type-to-find in the country list: keys typed within 700 ms add up to one search.
  const search = useRef({ text: '', at: 0 });
  const onListKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ' && search.current.text === '') return; // space still selects
    const now = Date.now();
    const s = search.current;
    s.text = now - s.at > COUNTRY_TYPEAHEAD_MS ? e.key.toLowerCase() : s.text + e.key.toLowerCase();
    s.at = now;
    const options = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="option"]')];
    const nameOf = (o: HTMLElement) => (o.querySelector('.MuiTelInput-ListItemText-country')?.textContent ?? '').toLowerCase();
    const repeated = s.text.length > 1 && [...s.text].every((c) => c === s.text[0]);
    let match: HTMLElement | undefined;
    if (repeated) {
      // "kkk" walks through the countries starting with k.
      const same = options.filter((o) => nameOf(o).startsWith(s.text[0]));
      if (same.length) match = same[(s.text.length - 1) % same.length];
    } else {
      match = options.find((o) => nameOf(o).startsWith(s.text));
    }
    e.preventDefault();
    e.stopPropagation(); // replaces MUI's own 500 ms type-ahead
    match?.focus();
  };

  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <div ref={anchorRef} style={{ width: fullWidth ? '100%' : undefined }}>
      <MuiTelInput
        id={id}
        name={field.name}
        inputRef={field.ref}
        value={display}
        onChange={onChange}
        onBlur={() => field.onBlur()}
        defaultCountry={startCountry}
        onlyCountries={onlyCountries}
        preferredCountries={preferredCountries}
        disabled={disabled}
        fullWidth={fullWidth}
        placeholder={placeholder ?? translate('keja.phone.placeholder', { _: PHONE_PLACEHOLDER })}
        label={label === false ? undefined : <FieldTitle label={label} source={inputProps.source} isRequired={isRequired} />}
        error={!!error}
        helperText={helperText === false && !error ? undefined : <InputHelperText error={error} helperText={helperText} />}
        getFlagElement={getFlagElement}
        unknownFlagElement={unknownFlag}
        FlagIconButtonProps={{ onClickCapture: measure }}
        MenuProps={{
          anchorOrigin: upward ? { vertical: 'top', horizontal: 'left' } : { vertical: 'bottom', horizontal: 'left' },
          transformOrigin: upward ? { vertical: 'bottom', horizontal: 'left' } : { vertical: 'top', horizontal: 'left' },
          slotProps: {
            paper: { 'data-placement': upward ? 'top' : 'bottom', sx: { maxHeight: 320 } } as object,
            list: {
              role: 'listbox',
              'aria-activedescendant': country ? `country-${country}` : '',
              'aria-labelledby': 'select-country',
              onKeyDownCapture: onListKeyDown,
            } as object,
          },
        }}
        slotProps={{ htmlInput: { maxLength, onPaste, autoComplete: 'tel' } }}
      />
    </div>
  );
}
