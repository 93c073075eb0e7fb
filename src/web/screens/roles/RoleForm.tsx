// A role: its name, description and the permission matrix. Administrator keeps its name and
// every permission (the server refuses otherwise), so both are read-only for it.
import { Alert, Box } from '@mui/material';
import { Form, ResourceContextProvider, TextInput, maxLength, required, useGetOne, useTranslate } from 'react-admin';
import { ADMINISTRATOR } from '../../../shared/permissions';
import { FormButtons, FormError, FormPage, Loading, Section, StatusChip, useRecordSave } from '../common/FormPage';
import { listPathOf } from '../common/api';
import { useCan, useRecordId } from '../common/params';
import { PermissionMatrix } from './PermissionMatrix';

const RESOURCE = 'roles';

export function RoleForm() {
  const id = useRecordId();
  const translate = useTranslate();
  const can = useCan();
  const { data: record, isPending, error } = useGetOne(RESOURCE, { id: id ?? '' }, { enabled: !!id });
  const backTo = listPathOf(RESOURCE);
  const isAdministrator = !!record && record.built_in === true && record.name === ADMINISTRATOR;
  const { onSubmit, busy, formError } = useRecordSave(RESOURCE, record, {
    backTo,
    transform: (v) => ({ name: v.name, description: v.description || null, permissions: v.permissions ?? [] }),
  });
  if (id && isPending) return <Loading />;
  if (id && error) return <Alert severity="error">{String((error as Error).message)}</Alert>;
  const canSave = can(id ? 'edit.role' : 'create.role');
  return (
    <ResourceContextProvider value={RESOURCE}>
      <FormPage
        title={record ? String(record.name) : translate('screens.roles.new')}
        subtitle={translate('screens.roles.subtitle')}
        status={record?.built_in ? <StatusChip label={translate('screens.roles.built_in')} tone="info" /> : null}
        maxWidth={1100}
      >
        <Form record={record ?? { name: '', description: '', permissions: [] }} onSubmit={onSubmit} noValidate key={String(record?.updated_at ?? 'new')}>
          <FormError message={formError} />
          {isAdministrator ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('screens.roles.administrator_locked')}
            </Alert>
          ) : null}
          <Section title={translate('screens.roles.details')}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
              <TextInput source="name" validate={[required(), maxLength(100)]} disabled={isAdministrator} />
              <TextInput source="description" validate={maxLength(500)} multiline />
            </Box>
          </Section>
          <Section title={translate('screens.roles.permissions')} hint={translate('screens.roles.permissions_hint')}>
            <PermissionMatrix readOnly={isAdministrator || !canSave} />
          </Section>
          <FormButtons busy={busy} backTo={backTo} canSave={canSave} />
        </Form>
      </FormPage>
    </ResourceContextProvider>
  );
}
