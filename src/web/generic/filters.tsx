// A list's filter inputs from its declaration: `q` when there are search fields, choices as
// selects, references as autocompletes over the target, money/number/date as a from–to pair,
// booleans as yes/no. Keys preset by the route (the outbox's statuses) are not offered.
import type { ReactElement } from 'react';
import { AutocompleteInput, DateInput, NullableBooleanInput, ReferenceInput, SearchInput, SelectInput, TextInput, type RaRecord } from 'react-admin';
import { RANGE_KINDS, searchable, type Field, type Resource, type RouteDeclaration } from '../../shared/resource';
import { NumberInput } from '../components/NumberInput';
import { declaration, mayPick } from './access';
import { labelsFor, type Labels } from './labels';
import { MoneyInput } from './MoneyInput';
import { titleText } from './display';

type Translate = Parameters<typeof labelsFor>[0];

export function choicesOf(labels: Labels, field: Field) {
  return (field.choices ?? []).map((v) => ({ id: v, name: labels.choice(field.key, v) }));
}

/** Autocomplete search: `q` when the target has search fields (anything else is a 400). */
export const searchOf = (target: Resource) => (text: string) => (searchable(target) && text ? { q: text } : {});

function referenceFilter(field: Field, label: string, alwaysOn: boolean): ReactElement {
  const target = declaration(field.reference!);
  return (
    <ReferenceInput key={field.key} source={field.key} reference={target.name} sort={target.defaultSort} alwaysOn={alwaysOn} perPage={25}>
      <AutocompleteInput
        label={label}
        optionText={(r: RaRecord) => titleText(target, r) || String(r.id)}
        filterToQuery={searchOf(target)}
        helperText={false}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>
  );
}

/** `paid_at` filters are date-times: a day picked means from its start to its end (Nairobi time). */
const dayBound = (bound: 'gte' | 'lte') => (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T${bound === 'gte' ? '00:00:00' : '23:59:59'}+03:00` : v;
const dayOf = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');

function rangeFilters(field: Field, labels: Labels, translate: Translate): ReactElement[] {
  const label = labels.field(field.key);
  return (['gte', 'lte'] as const).map((bound) => {
    const source = `${field.key}_${bound}`;
    const text = translate(bound === 'gte' ? 'generic.list.from' : 'generic.list.to', { field: label });
    switch (field.kind) {
      case 'money':
        return <MoneyInput key={source} source={source} label={text} helperText={false} />;
      case 'date':
        return <DateInput key={source} source={source} label={text} helperText={false} />;
      case 'datetime':
        return <DateInput key={source} source={source} label={text} helperText={false} parse={dayBound(bound)} format={dayOf} />;
      default:
        return (
          <NumberInput
            key={source}
            source={source}
            label={text}
            min={field.min}
            max={field.max}
            maxFractionDigits={field.kind === 'percent' ? 2 : field.scale ?? 0}
            helperText={false}
            fullWidth={false}
          />
        );
    }
  });
}

export function filtersFor(resource: Resource, route: RouteDeclaration, translate: Translate, permissions: readonly string[] = []): ReactElement[] {
  const labels = labelsFor(translate, resource);
  const preset = new Set(Object.keys(route.filter ?? {}));
  const out: ReactElement[] = [];
  if (searchable(resource)) {
    out.push(<SearchInput key="q" source="q" alwaysOn placeholder={translate('generic.list.search')} />);
  }
  const fields = resource.fields.filter((f) => f.filter && !preset.has(f.key) && !f.writeOnly);
  // The status (or the first filter when nothing is searchable) is always on screen.
  const first = fields.find((f) => f.key === 'status') ?? (out.length ? undefined : fields[0]);
  for (const f of fields) {
    const label = labels.field(f.key);
    const alwaysOn = f === first;
    if (f.kind === 'choice' || f.kind === 'multi_choice') {
      out.push(<SelectInput key={f.key} source={f.key} label={label} choices={choicesOf(labels, f)} alwaysOn={alwaysOn} helperText={false} sx={{ minWidth: 160 }} />);
    } else if (f.kind === 'reference' || f.kind === 'multi_reference') {
      // a filter whose choices the user may not list would only spin on a 403
      if (mayPick(permissions, f.reference!)) out.push(referenceFilter(f, label, alwaysOn));
    } else if (f.kind === 'boolean') {
      out.push(<NullableBooleanInput key={f.key} source={f.key} label={label} alwaysOn={alwaysOn} helperText={false} sx={{ minWidth: 140 }} />);
    } else if (RANGE_KINDS.includes(f.kind)) {
      out.push(...rangeFilters(f, labels, translate));
    } else {
      out.push(<TextInput key={f.key} source={f.key} label={label} alwaysOn={alwaysOn} helperText={false} />);
    }
  }
  return out;
}
