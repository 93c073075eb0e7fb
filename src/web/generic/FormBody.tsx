// A generic form's body: the fields in their groups under headings, the child tables, the
// form-level error above them and the toolbar below.
import { useMemo } from 'react';
import { Alert, Box } from '@mui/material';
import { SimpleForm, type RaRecord } from 'react-admin';
import type { Field, RecordValues, Resource } from '../../shared/resource';
import { ChildTable, FieldCell, Section, shownFields } from './form-sections';
import { toFormValues } from './form-values';
import { FormToolbar } from './FormToolbar';
import { useLabels } from './labels';
import { ReferenceDefaults } from './ReferenceDefaults';

export interface FormBodyProps {
  resource: Resource;
  record?: RaRecord;
  defaults?: RecordValues;
  editing: boolean;
  onSubmit: (values: RecordValues) => Promise<Record<string, string> | undefined>;
  formError: string | null;
  returnTo: string;
}

export function FormBody({ resource, record, defaults, editing, onSubmit, formError, returnTo }: FormBodyProps) {
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
