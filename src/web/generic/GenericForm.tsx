// An area's form from its declaration: without an id it creates, with one it edits. Fields in
// their groups under headings, child tables (invoice lines) as rows, the server's 422 errors next
// to their fields, a delete button when allowed (a 409 shows the server's reason), the record's
// title in the app bar, and, for an existing record, the records that belong to it.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Divider, Tooltip, Typography } from '@mui/material';
import {
  ArrayInput,
  DeleteButton,
  EditBase,
  RecordContextProvider,
  ResourceContextProvider,
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  Title,
  Toolbar,
  useCreate,
  useDataProvider,
  useEditContext,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { recordTitle, type ChildDeclaration, type Field, type RecordValues, type Resource } from '../../shared/resource';
import { areaExtensions } from '../areas/extensions';
import { describeFailure } from '../components/server-errors';
import { api } from '../providers/http-client';
import { PageLoader } from '../layout/PageLoader';
import { formPath, listPath, useAccess } from './access';
import { FieldValue, RecordTitle, titleText } from './display';
import { childDefaults, formDefaults, inheritedFields, isEmptyValue, toApiValues, toFormValues } from './form-values';
import { WIDE_KINDS, inputFor } from './inputs';
import { useLabels, type Labels } from './labels';
import { RelatedPanels } from './RelatedPanels';

export interface FormScreenProps {
  resource: Resource;
  /** The record's id (edit), absent to create. */
  id?: string;
  /** Values preset by the route (`/:owner_id/house-form`). */
  presets?: RecordValues;
  /** Singletons (settings) load and save without an id. */
  singleton?: boolean;
}

/** Where to go after a save: back where the user came from (a related panel), else the list. */
function useReturnTo(resource: Resource): string {
  const location = useLocation();
  const from = (location.state as { returnTo?: string } | null)?.returnTo;
  return from ?? listPath(resource) ?? '/dashboard';
}

// ---- layout ---------------------------------------------------------------------------------

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ width: '100%', '& + &': { mt: 2.5 } }}>
      {title ? (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.25 }}>
            {title}
          </Typography>
          <Divider sx={{ mb: 1 }} />
        </>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 0.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          alignItems: 'start',
          '& > .wide': { gridColumn: '1 / -1' },
          '& .MuiFormControl-root, & .MuiTextField-root': { my: 0.75 },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/**
 * The fields a form shows: read-only ones only for an existing record (the server fills them);
 * never the server's own secrets (read-only and write-only: they never reach the browser).
 */
function shownFields(resource: Resource, editing: boolean): Field[] {
  return resource.fields.filter((f) => !(f.readOnly && f.writeOnly) && (editing || !f.readOnly));
}

function FieldCell({ field, labels, source }: { field: Field; labels: Labels; source?: string }) {
  const el = inputFor(field, { label: labels.field(field.key), labels, readOnly: field.readOnly, ...(source ? { source } : {}) });
  return <div className={WIDE_KINDS.has(field.kind) ? 'wide' : undefined}>{el}</div>;
}

function ChildTable({ resource, child, labels, editing }: { resource: Resource; child: ChildDeclaration; labels: Labels; editing: boolean }) {
  const fields = child.fields.filter((f) => editing || !f.readOnly);
  const defaults = childDefaults(child.fields);
  if (child.readOnly) {
    return <ReadOnlyRows resource={resource} child={child} labels={labels} />;
  }
  return (
    <ArrayInput source={child.key} label={false} defaultValue={[]}>
      <SimpleFormIterator
        inline
        disableReordering
        sx={{
          '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', py: 0.5, alignItems: 'center' },
          '& .RaSimpleFormIterator-inline': { display: 'grid', columnGap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', flex: 1 },
          '& .RaSimpleFormIterator-inline > .wide': { gridColumn: 'span 2' },
        }}
        getItemLabel={false}
      >
        {fields.map((f) =>
          <ChildInput key={f.key} field={f} label={labels.childField(child.key, f.key)} labels={labels} source={f.key} defaultValue={defaults[f.key]} />,
        )}
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** One input of a child row (SimpleFormIterator passes the row's source prefix). */
function ChildInput({ field, label, labels, source, defaultValue }: { field: Field; label: string; labels: Labels; source: string; defaultValue?: unknown }) {
  const el = inputFor(field, { source, label, labels, readOnly: field.readOnly, defaultValue });
  const wide = field.kind === 'long_text' || field.key === 'description';
  return <Box className={wide ? 'wide' : undefined} sx={{ minWidth: 0 }}>{el}</Box>;
}

function ReadOnlyRows({ resource, child, labels }: { resource: Resource; child: ChildDeclaration; labels: Labels }) {
  const record = useRecordContext();
  const rows = (record?.[child.key] as RecordValues[] | undefined) ?? [];
  const translate = useTranslate();
  if (!rows.length) return <Typography color="text.secondary">{translate('generic.related.none')}</Typography>;
  const sub: Resource = { ...resource, name: resource.name, fields: child.fields, listColumns: child.fields.map((f) => f.key) };
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& td, & th': { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' } }}>
      <thead>
        <tr>
          {child.fields.map((f) => (
            <th key={f.key}>
              <Typography variant="caption" sx={{ fontWeight: 700 }}>{labels.childField(child.key, f.key)}</Typography>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <RowCells key={String(row.id ?? i)} resource={sub} row={row} />
        ))}
      </tbody>
    </Box>
  );
}

function RowCells({ resource, row }: { resource: Resource; row: RecordValues }) {
  return (
    <tr>
      {resource.fields.map((f) => (
        <td key={f.key}>
          <ChildValue resource={resource} field={f} row={row} />
        </td>
      ))}
    </tr>
  );
}

function ChildValue({ resource, field, row }: { resource: Resource; field: Field; row: RecordValues }) {
  return (
    <RecordContextProvider value={row as RaRecord}>
      <FieldValue resource={resource} field={field} />
    </RecordContextProvider>
  );
}

// ---- reference defaults ---------------------------------------------------------------------

/**
 * Choosing a record in a reference field fills the form's empty fields it can (form-values.ts
 * inheritedFields). On a new record, values preset by the route count as chosen.
 */
function ReferenceDefaults({ resource, editing }: { resource: Resource; editing: boolean }) {
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

// ---- the form -------------------------------------------------------------------------------

function FormToolbar({ resource, editing, returnTo }: { resource: Resource; editing: boolean; returnTo: string }) {
  const record = useRecordContext();
  const access = useAccess(resource);
  const translate = useTranslate();
  const Extra = areaExtensions[resource.name]?.recordActions;
  const blocked = editing && record ? resource.delete.blockedWhen?.find((b) => b.in.includes(String(record[b.field]))) : undefined;
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', bgcolor: { xs: 'background.paper', sm: 'transparent' }, px: 2, borderTop: { xs: 1, sm: 0 }, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {(editing ? access.edit : access.create) ? <SaveButton /> : null}
        {editing && record && Extra ? <Extra record={record} /> : null}
      </Box>
      {editing && record && access.delete && !resource.singleton ? (
        blocked ? (
          <Tooltip title={blocked.message}>
            <Typography variant="body2" color="text.secondary">{translate('generic.form.delete_blocked')}</Typography>
          </Tooltip>
        ) : (
          <DeleteButton mutationMode="pessimistic" redirect={returnTo} record={record} resource={resource.name} confirmTitle={titleText(resource, record) || undefined} />
        )
      ) : null}
    </Toolbar>
  );
}

interface FormBodyProps {
  resource: Resource;
  record?: RaRecord;
  defaults?: RecordValues;
  editing: boolean;
  onSubmit: (values: RecordValues) => Promise<Record<string, string> | undefined>;
  formError: string | null;
  returnTo: string;
}

function FormBody({ resource, record, defaults, editing, onSubmit, formError, returnTo }: FormBodyProps) {
  const labels = useLabels(resource);
  const fields = shownFields(resource, editing);
  const groups: Array<{ group?: string; fields: Field[] }> = [];
  for (const f of fields) {
    const g = groups.find((x) => x.group === f.group);
    if (g) g.fields.push(f);
    else groups.push({ group: f.group, fields: [f] });
  }
  // Ungrouped fields first, then each group under its heading, in declaration order.
  groups.sort((a, b) => (a.group ? 1 : 0) - (b.group ? 1 : 0));
  const formRecord = useMemo(() => (record ? toFormValues(resource, record) : undefined), [record, resource]);
  return (
    <SimpleForm
      record={formRecord}
      defaultValues={defaults}
      onSubmit={onSubmit as never}
      toolbar={<FormToolbar resource={resource} editing={editing} returnTo={returnTo} />}
      warnWhenUnsavedChanges
      sx={{ p: { xs: 2, sm: 2.5 }, '& > .MuiStack-root': { width: '100%' } }}
    >
      {formError ? (
        <Alert severity="error" sx={{ width: '100%', mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      {groups.map(({ group, fields: list }) => (
        <Section key={group ?? ''} title={group ? labels.group(group) : undefined}>
          {list.map((f) => (
            <FieldCell key={f.key} field={f} labels={labels} />
          ))}
        </Section>
      ))}
      {resource.children.map((c) => (
        <Section key={c.key} title={labels.child(c.key)}>
          <Box className="wide">
            <ChildTable resource={resource} child={c} labels={labels} editing={editing} />
          </Box>
        </Section>
      ))}
      <ReferenceDefaults resource={resource} editing={editing} />
    </SimpleForm>
  );
}

/** The paths of a form's inputs: server errors for other keys are shown above the form. */
function knownPath(resource: Resource, key: string): boolean {
  const [head, index, sub] = key.split('.');
  if (resource.fields.some((f) => f.key === head && (f.readOnly ? false : true))) return index === undefined;
  const child = resource.children.find((c) => c.key === head && !c.readOnly);
  return !!child && index !== undefined && /^\d+$/.test(index) && child.fields.some((f) => f.key === sub);
}

function useSubmit(resource: Resource, id: string | undefined, record: RaRecord | undefined, returnTo: string) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const navigate = useNavigate();
  const labels = useLabels(resource);
  const [formError, setFormError] = useState<string | null>(null);
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
        const { fields, message } = describeFailure(e);
        if (fields) {
          const inline = Object.fromEntries(Object.entries(fields).filter(([k]) => knownPath(resource, k)));
          const other = Object.entries(fields).filter(([k]) => !(k in inline));
          if (other.length) setFormError(other.map(([, m]) => m).join(' '));
          notify('generic.form.problem', { type: 'error' });
          return inline;
        }
        notify(message ?? 'ra.notification.http_error', { type: 'error' });
        setFormError(message);
        return undefined;
      }
    },
    [create, update, notify, navigate, resource, id, record, returnTo, labels],
  );
  return { onSubmit, formError };
}

function FormTitle({ resource }: { resource: Resource }) {
  const labels = useLabels(resource);
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <>{labels.area(1)}</>;
  return (
    <>
      {translate('generic.form.edit', { name: labels.area(1).toLocaleLowerCase() })}: <RecordTitle resource={resource} record={record} />
    </>
  );
}

function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 1.5, mt: 0.5, fontSize: { xs: '1.2rem', sm: '1.4rem' } }}>
      {children}
    </Typography>
  );
}

function EditView({ resource, id, singleton }: { resource: Resource; id: string; singleton?: boolean }) {
  const { record, isPending } = useEditContext();
  const returnTo = useReturnTo(resource);
  const { onSubmit, formError } = useSubmit(resource, singleton ? undefined : id, record, returnTo);
  const labels = useLabels(resource);
  const Related = areaExtensions[resource.name]?.related;
  const Summary = areaExtensions[resource.name]?.summary;
  if (isPending || !record) return <PageLoader />;
  const heading = singleton ? labels.area(1) : <RecordTitle resource={resource} record={record} />;
  return (
    // on a phone the form's toolbar is fixed to the bottom: room for it under the last panel
    <Box sx={{ maxWidth: 1180, width: '100%', mx: 'auto', pb: { xs: 12, sm: 4 } }}>
      <Title title={singleton ? labels.area(1) : <FormTitle resource={resource} />} />
      <PageHeading>{heading}</PageHeading>
      {/* what people open the record for (a property's rent roll, a tenant's balance) comes first, then its details */}
      {Summary && !singleton ? <Box sx={{ mb: 2, '& > :first-of-type': { mt: 0 } }}><Summary record={record} /></Box> : null}
      <Card>
        <FormBody resource={resource} record={record} editing onSubmit={onSubmit} formError={formError} returnTo={returnTo} />
      </Card>
      {!singleton ? <RelatedPanels resource={resource} record={record} /> : null}
      {Related ? (
        <Box sx={{ mt: 2 }}>
          <Related record={record} />
        </Box>
      ) : null}
    </Box>
  );
}

function CreateView({ resource, presets }: { resource: Resource; presets?: RecordValues }) {
  const labels = useLabels(resource);
  const translate = useTranslate();
  const returnTo = useReturnTo(resource);
  const { onSubmit, formError } = useSubmit(resource, undefined, undefined, returnTo);
  const defaults = useMemo(() => ({ ...formDefaults(resource), ...(presets ?? {}) }), [resource, presets]);
  const heading = translate('generic.form.new', { name: labels.area(1).toLocaleLowerCase() });
  return (
    <Box sx={{ maxWidth: 1180, width: '100%', mx: 'auto', pb: 4 }}>
      <Title title={heading} />
      <PageHeading>{heading}</PageHeading>
      <Card>
        <FormBody resource={resource} defaults={defaults} editing={false} onSubmit={onSubmit} formError={formError} returnTo={returnTo} />
      </Card>
    </Box>
  );
}

export function GenericForm({ resource, id, presets, singleton }: FormScreenProps) {
  if (singleton) {
    return (
      <ResourceContextProvider value={resource.name}>
        <SingletonBase resource={resource} />
      </ResourceContextProvider>
    );
  }
  if (id === undefined) {
    return (
      <ResourceContextProvider value={resource.name}>
        <CreateView resource={resource} presets={presets} />
      </ResourceContextProvider>
    );
  }
  return (
    <EditBase resource={resource.name} id={id} disableAuthentication mutationMode="pessimistic" redirect={false}>
      <EditView resource={resource} id={id} />
    </EditBase>
  );
}

/** Settings: GET/PUT /<name> (one record per organisation, no id). */
function SingletonBase({ resource }: { resource: Resource }) {
  const notify = useNotify();
  const [record, setRecord] = useState<RaRecord | null>(null);
  const labels = useLabels(resource);
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api<RaRecord>(`/${resource.name}`)
      .then((data) => live && setRecord(data))
      .catch((e: unknown) => notify(describeFailure(e).message ?? 'ra.notification.http_error', { type: 'error' }));
    return () => {
      live = false;
    };
  }, [notify, resource.name]);
  const onSubmit = useCallback(
    async (values: RecordValues) => {
      setFormError(null);
      try {
        setRecord(await api<RaRecord>(`/${resource.name}`, { method: 'PUT', body: toApiValues(resource, values) }));
        notify('generic.form.saved', { type: 'info' });
        return undefined;
      } catch (e) {
        const { fields, message } = describeFailure(e);
        if (fields) {
          const inline = Object.fromEntries(Object.entries(fields).filter(([k]) => knownPath(resource, k)));
          const other = Object.entries(fields).filter(([k]) => !(k in inline));
          if (other.length) setFormError(other.map(([, m]) => m).join(' '));
          return inline;
        }
        setFormError(message);
        return undefined;
      }
    },
    [notify, resource],
  );
  if (!record) return <PageLoader />;
  return (
    <Box sx={{ maxWidth: 1180, width: '100%', mx: 'auto', pb: 4 }}>
      <Title title={labels.area(1)} />
      <PageHeading>{labels.area(1)}</PageHeading>
      <Card>
        <CardContent sx={{ p: 0 }}>
          <FormBody resource={resource} record={record} editing onSubmit={onSubmit} formError={formError} returnTo="/dashboard" />
        </CardContent>
      </Card>
    </Box>
  );
}

