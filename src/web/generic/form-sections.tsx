// The parts of a generic form's body: its sections (a heading and a grid of inputs), one input per
// field, and child tables (invoice lines) as editable rows or, when read-only, as a plain table.
import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { ArrayInput, RecordContextProvider, SimpleFormIterator, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { ChildDeclaration, Field, RecordValues, Resource } from '../../shared/resource';
import { FieldValue } from './display';
import { childDefaults } from './form-values';
import { WIDE_KINDS, inputFor } from './inputs';
import type { Labels } from './labels';

export function Section({ title, children }: { title?: string; children: ReactNode }) {
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
export function shownFields(resource: Resource, editing: boolean): Field[] {
  return resource.fields.filter((f) => !(f.readOnly && f.writeOnly) && (editing || !f.readOnly));
}

export function FieldCell({ field, labels, source }: { field: Field; labels: Labels; source?: string }) {
  const el = inputFor(field, { label: labels.field(field.key), labels, readOnly: field.readOnly, ...(source ? { source } : {}) });
  return <div className={WIDE_KINDS.has(field.kind) ? 'wide' : undefined}>{el}</div>;
}

export function ChildTable({ resource, child, labels, editing }: { resource: Resource; child: ChildDeclaration; labels: Labels; editing: boolean }) {
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

export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 1.5, mt: 0.5, fontSize: { xs: '1.2rem', sm: '1.4rem' } }}>
      {children}
    </Typography>
  );
}
