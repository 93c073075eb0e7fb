// Saving a generic form: create, update or (settings) put; after a refused save the form keeps
// its values, each server message goes under the field it names in plain words (a label, never a
// key), and the rest above the form (components/field-messages.ts).
import { useCallback, useState } from 'react';
import { useCreate, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { recordTitle, type RecordValues, type Resource } from '../../shared/resource';
import { areaExtensions } from '../areas/extensions';
import { placeFailure } from '../components/field-messages';
import { formPath } from './access';
import { toApiValues } from './form-values';
import { pathLabel, useLabels } from './labels';

/** The paths of a form's inputs: server errors for other keys are shown above the form. */
export function knownPath(resource: Resource, key: string): boolean {
  const [head, index, sub] = key.split('.');
  if (resource.fields.some((f) => f.key === head && (f.readOnly ? false : true))) return index === undefined;
  const child = resource.children.find((c) => c.key === head && !c.readOnly);
  return !!child && index !== undefined && /^\d+$/.test(index) && child.fields.some((f) => f.key === sub);
}

/** Where a refused save's messages go for this resource's form. */
export function usePlaceFailure(resource: Resource) {
  const labels = useLabels(resource);
  return useCallback(
    (e: unknown) => placeFailure(e, { shown: (path) => knownPath(resource, path), labelOf: (path) => pathLabel(labels, path) }),
    [labels, resource],
  );
}

export function useSubmit(resource: Resource, id: string | undefined, record: RaRecord | undefined, returnTo: string) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const place = usePlaceFailure(resource);
  const labels = useLabels(resource);
  const onSubmit = useCallback(
    async (values: RecordValues) => {
      const data = toApiValues(resource, values);
      setFormError(null);
      try {
        const saved = id !== undefined
          ? await update(resource.name, { id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
          : await create(resource.name, { data }, { returnPromise: true });
        const note = saved ? areaExtensions[resource.name]?.savedNote?.(saved as RaRecord) : null;
        // the toast names the record: "Property Jirani Heights created", never "Element created"
        const title = recordTitle(resource, saved as RecordValues | undefined);
        if (note) notify(note, { type: 'warning', autoHideDuration: 8000 });
        else if (title) notify(id !== undefined ? 'generic.form.saved_record' : 'generic.form.created_record', { type: 'info', messageArgs: { name: labels.area(1), title } });
        else notify(id !== undefined ? 'generic.form.saved' : 'generic.form.created', { type: 'info', messageArgs: { name: labels.area(1) } });
        const created = id === undefined && saved?.id != null && areaExtensions[resource.name]?.openCreated ? formPath(resource, String(saved.id)) : null;
        if (created) navigate(created, { replace: true });
        else if (!resource.singleton) navigate(returnTo);
        return undefined;
      } catch (e) {
        const { inline, formError } = place(e);
        setFormError(formError);
        notify(inline ? 'generic.form.problem' : (formError ?? 'ra.notification.http_error'), { type: 'error' });
        return inline;
      }
    },
    [create, update, notify, navigate, resource, id, record, returnTo, place, labels],
  );
  return { onSubmit, formError };
}
