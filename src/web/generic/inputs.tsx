// One input per field kind (the small switch of ra-no-code): text, long text, the clamping number
// input, money in shillings, choices with labels, references over the target with its title,
// email, the phone input, dates, booleans and JSON. Read-only fields show but cannot change;
// write-only secrets are password inputs that say whether one is stored.
import type { ReactElement } from 'react';
import { TextField as MuiTextField } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  email as emailRule,
  maxLength,
  minLength,
  required,
  useChoicesContext,
  useGetManyAggregate,
  useRecordContext,
  useTranslate,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DEFAULT_MAX_LENGTH, recordTitle, type Field, type Resource } from '../../shared/resource';
import { hasPermission } from '../routing/access';
import { NumberInput } from '../components/NumberInput';
import { PhoneInput } from '../components/phone/PhoneInput';
import { declaration, mayPick } from './access';
import { NairobiDateTimeInput } from '../components/NairobiDateTimeInput';
import { useSession } from '../session/session-store';
import { OptionTitle, titleText } from './display';
import { choicesOf, searchOf } from './filters';
import type { Labels } from './labels';
import { MoneyInput } from './MoneyInput';

export interface InputOptions {
  /** The form path of the value (`lines.0.rate` inside a child table: the iterator passes source). */
  source?: string;
  label: string;
  labels: Labels;
  /** Shown greyed: read-only fields, and fields preset by the route. */
  readOnly?: boolean;
  /** A new child row's starting value (SimpleFormIterator reads it). */
  defaultValue?: unknown;
}

/** Kinds that take the whole width of the form. */
export const WIDE_KINDS = new Set(['long_text', 'multi_choice', 'multi_reference', 'json']);

function validators(field: Field, readOnly: boolean): Validator[] {
  if (readOnly) return [];
  const out: Validator[] = [];
  if (field.required && field.kind !== 'boolean') out.push(required());
  const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.kind];
  if (max && ['text', 'long_text', 'email'].includes(field.kind)) out.push(maxLength(max));
  if (field.minLength && ['text', 'long_text'].includes(field.kind)) out.push(minLength(field.minLength));
  if (field.kind === 'email') out.push(emailRule());
  return out;
}

function SecretInput({ field, source, label }: { field: Field; source: string; label: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const flag = record?.[`${field.key}_set`];
  const hint = !record?.id ? undefined : flag === true ? 'generic.form.secret_set' : flag === false ? 'generic.form.secret_not_set' : 'generic.form.secret_keep';
  return <PasswordInput source={source} label={label} helperText={hint ? translate(hint) : false} autoComplete="new-password" fullWidth />;
}

const jsonFormat = (v: unknown) => (v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2));
const jsonParse = (v: string) => {
  if (!v.trim()) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
const jsonRule: Validator = (v: unknown) => (typeof v === 'string' && v.trim() ? 'generic.form.json_invalid' : undefined);

/**
 * A reference picker only for those who may list its target: otherwise nothing when the field is
 * optional (the stored value is kept), or a disabled field saying why when it is required.
 */
function Pickable({ field, label, children }: { field: Field; label: string; children: ReactElement }) {
  const { permissions } = useSession();
  const translate = useTranslate();
  if (mayPick(permissions, field.reference!)) return children;
  if (!field.required) return null;
  return <MuiTextField label={label} value="" disabled fullWidth size="small" helperText={translate('generic.form.cannot_pick')} />;
}

/** Fields a picker is narrowed by when the form has them too: a ticket's house among its property's. */
const NARROW_BY = ['property_id', 'tenant_id'] as const;

function ReferencePicker({ source, field, label, validate, readOnly }: { source: string; field: Field; label: string; validate: Validator[]; readOnly: boolean }) {
  const target = declaration(field.reference!);
  const watched = useWatch({ name: [...NARROW_BY] }) as unknown[];
  const filter: Record<string, unknown> = {};
  NARROW_BY.forEach((key, i) => {
    if (key !== field.key && watched[i] && target.fields.some((f) => f.key === key && f.kind === 'reference')) filter[key] = watched[i];
  });
  return (
    <ReferenceInput source={source} reference={target.name} sort={target.defaultSort} perPage={25} filter={filter}>
      <ContextAutocomplete target={target} label={label} validate={validate} readOnly={readOnly} />
    </ReferenceInput>
  );
}

/** The autocomplete of a reference; a target with a pickerContext reads 'Property · House'. */
function ContextAutocomplete({ target, label, validate, readOnly }: { target: Resource; label: string; validate: Validator[]; readOnly: boolean }) {
  const { permissions } = useSession();
  const { allChoices } = useChoicesContext();
  const key = target.pickerContext;
  const context = key ? declaration(target.fields.find((f) => f.key === key)!.reference!) : null;
  const ids = key && context ? [...new Set((allChoices ?? []).map((c) => c[key]).filter(Boolean).map(String))] : [];
  const may = !!context && (mayPick(permissions, context.name) || hasPermission(permissions, `show.${context.module}`));
  const { data } = useGetManyAggregate(context?.name ?? 'properties', { ids }, { enabled: may && ids.length > 0 });
  const names = new Map((data ?? []).map((r) => [String(r.id), context ? recordTitle(context, r) : '']));
  const text = (r: RaRecord) => {
    const own = titleText(target, r) || String(r.id);
    const prefix = key ? names.get(String(r[key] ?? '')) : undefined;
    return prefix ? `${prefix} · ${own}` : own;
  };
  return (
    <AutocompleteInput
      label={label}
      validate={validate}
      optionText={key ? text : <OptionTitle resource={target} />}
      inputText={text}
      matchSuggestion={() => true}
      filterToQuery={searchOf(target)}
      fullWidth
      helperText={false}
      disabled={readOnly}
    />
  );
}

export function inputFor(field: Field, { source = field.key, label, labels, readOnly = false, defaultValue }: InputOptions): ReactElement {
  const validate = validators(field, readOnly);
  const dv = defaultValue === undefined ? {} : { defaultValue };
  const common = { source, label, validate, fullWidth: true, helperText: false as const, ...dv };
  const ro = readOnly ? { readOnly: true, disabled: false } : {};
  if (field.writeOnly) return <SecretInput key={source} field={field} source={source} label={label} />;
  switch (field.kind) {
    case 'long_text':
      return <TextInput key={source} {...common} {...ro} multiline minRows={2} maxRows={10} />;
    case 'number':
    case 'percent':
      return (
        <NumberInput
          key={source}
          source={source}
          label={label}
          validate={validate}
          {...dv}
          min={field.min ?? (field.kind === 'percent' ? 0 : undefined)}
          max={field.max ?? (field.kind === 'percent' ? 100 : undefined)}
          maxFractionDigits={field.kind === 'percent' ? 2 : field.scale ?? 0}
          disabled={readOnly}
          helperText={false}
        />
      );
    case 'money':
      return <MoneyInput key={source} source={source} label={label} validate={validate} {...dv} min={field.min} max={field.max} readOnly={readOnly} disabled={readOnly} helperText={false} />;
    case 'date':
      return <DateInput key={source} {...common} {...ro} disabled={readOnly} />;
    case 'datetime':
      return <NairobiDateTimeInput key={source} {...common} {...ro} disabled={readOnly} />;
    case 'boolean':
      return <BooleanInput key={source} source={source} label={label} validate={validate} {...dv} helperText={false} disabled={readOnly} />;
    case 'choice':
      return <SelectInput key={source} {...common} choices={choicesOf(labels, field)} disabled={readOnly} emptyText="—" />;
    case 'multi_choice':
      return (field.choices?.length ?? 0) > 12 ? (
        <AutocompleteArrayInput key={source} source={source} label={label} validate={validate} fullWidth helperText={false} choices={choicesOf(labels, field)} disabled={readOnly} />
      ) : (
        <SelectArrayInput key={source} {...common} choices={choicesOf(labels, field)} disabled={readOnly} />
      );
    case 'reference':
      return (
        <Pickable key={source} field={field} label={label}>
          <ReferencePicker source={source} field={field} label={label} validate={validate} readOnly={readOnly} />
        </Pickable>
      );
    case 'multi_reference': {
      const target = declaration(field.reference!);
      return (
        <Pickable key={source} field={field} label={label}>
          <ReferenceArrayInput key={source} source={source} reference={target.name} sort={target.defaultSort} perPage={50}>
            <AutocompleteArrayInput
              label={label}
              validate={validate}
              optionText={(r: RaRecord) => titleText(target, r) || String(r.id)}
              filterToQuery={searchOf(target)}
              fullWidth
              helperText={false}
              disabled={readOnly}
            />
          </ReferenceArrayInput>
        </Pickable>
      );
    }
    case 'email':
      return <TextInput key={source} {...common} {...ro} type="email" />;
    case 'phone':
      return readOnly ? <TextInput key={source} {...common} {...ro} /> : <PhoneInput key={source} source={source} label={label} validate={validate} helperText={false} />;
    case 'json':
      return <TextInput key={source} {...common} {...ro} multiline minRows={3} format={jsonFormat} parse={jsonParse} validate={[...validate, jsonRule]} />;
    default:
      return <TextInput key={source} {...common} {...ro} />;
  }
}
