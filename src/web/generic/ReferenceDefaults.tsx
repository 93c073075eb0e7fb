import { useEffect, useMemo, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Resource } from '../../shared/resource';
import { inheritedFields, isEmptyValue } from './form-values';

/**
 * Choosing a record in a reference field fills the form's empty fields it can (form-values.ts
 * inheritedFields). On a new record, values preset by the route count as chosen.
 */
export function ReferenceDefaults({ resource, editing }: { resource: Resource; editing: boolean }) {
  const pairs = useMemo(
    () => resource.fields.map((f) => ({ field: f, copy: inheritedFields(resource, f) })).filter((x) => x.copy.length),
    [resource],
  );
  const { setValue, getValues } = useFormContext();
  const watched = useWatch({ name: pairs.map((p) => p.field.key) }) as unknown[];
  const dataProvider = useDataProvider();
  const seen = useRef<unknown[] | null>(editing ? null : pairs.map(() => undefined));

  useEffect(() => {
    const before = seen.current;
    seen.current = [...watched];
    if (!before) return; // an edit form's first values are the record's own
    pairs.forEach(({ field, copy }, i) => {
      const id = watched[i];
      if (isEmptyValue(id) || id === before[i]) return;
      dataProvider
        .getOne(field.reference!, { id: id as string })
        .then(({ data }) => {
          if (getValues(field.key) !== id) return;
          for (const { from, to } of copy) {
            if (isEmptyValue(getValues(to)) && !isEmptyValue(data[from])) setValue(to, data[from], { shouldDirty: true });
          }
        })
        .catch(() => undefined);
    });
  }, [watched, pairs, dataProvider, getValues, setValue]);
  return null;
}
