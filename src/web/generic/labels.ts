// Labels for areas, fields, groups and choices: a translation key per thing
// (resources.<name>.fields.<key>, the react-admin convention) with a readable fallback made from
// the key itself, so a new area shows sensible labels before anyone writes its messages.
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { Resource } from '../../shared/resource';
import { humanise } from '../../shared/humanise';
import { resourceByName } from '../../../resources/index';

export { humanise };

/** 'house-types' → 'House type' (a fallback only: the declaration's label, then messages, name an area). */
const singular = (s: string) => s.replace(/ies$/, 'y').replace(/(ss|sh|ch|x)es$/, '$1').replace(/s$/, '');

export interface Labels {
  /** The area's name: plural by default, singular with count 1. */
  area(count?: number): string;
  field(key: string): string;
  /** A child table's column (invoice lines' `rate`). */
  childField(child: string, key: string): string;
  /** A child table's heading (invoice lines). */
  child(child: string): string;
  group(group: string): string;
  choice(key: string, value: string): string;
}

type Translate = ReturnType<typeof useTranslate>;

export function labelsFor(translate: Translate, resource: Pick<Resource, 'name'>): Labels {
  const base = `resources.${resource.name}`;
  // the declaration's English label ("Parking bay |||| Parking bays"), else one made from its name
  const declared = resourceByName(resource.name);
  const [one, many] = declared?.label?.split('||||').map((s) => s.trim()) ?? [];
  const plural = many ?? one ?? humanise(resource.name);
  const single = many ? one : singular(plural);
  const fieldLabel = (key: string) => declared?.fields.find((f) => f.key === key)?.label ?? humanise(key);
  return {
    area: (count = 2) => translate(`${base}.name`, { smart_count: count, _: count === 1 ? single : plural }),
    field: (key) => translate(`${base}.fields.${key}`, { _: translate(`generic.fields.${key}`, { _: fieldLabel(key) }) }),
    childField: (child, key) =>
      translate(`${base}.children.${child}.fields.${key}`, { _: translate(`generic.fields.${key}`, { _: humanise(key) }) }),
    child: (child) => translate(`${base}.children.${child}.name`, { _: humanise(child) }),
    group: (group) => translate(`${base}.groups.${group}`, { _: translate(`generic.groups.${group}`, { _: humanise(group) }) }),
    choice: (key, value) =>
      translate(`${base}.choices.${key}.${value}`, { _: translate(`choices.${key}.${value}`, { _: translate(`choices.any.${value}`, { _: humanise(value) }) }) }),
  };
}

export function useLabels(resource: Pick<Resource, 'name'>): Labels {
  const translate = useTranslate();
  return useMemo(() => labelsFor(translate, resource), [translate, resource]);
}

/** The label of a form path: a field ('start_date') or a child row's ('charges.0.amount' → 'Amount (Charges 1)'). */
export function pathLabel(labels: Labels, path: string): string {
  const [head, index, sub] = path.split('.');
  if (index !== undefined && sub !== undefined && /^\d+$/.test(index)) return `${labels.childField(head, sub)} (${labels.child(head)} ${Number(index) + 1})`;
  return labels.field(head);
}
