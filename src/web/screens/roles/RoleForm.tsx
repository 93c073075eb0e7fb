// A role: its name, description and the permission matrix. Administrator keeps its name and
// every permission (the server refuses otherwise), so both are read-only for it. Granting rules
// (issue 12, the server enforces them): only a member holding every permission changes a built-in
// role, nobody changes a role holding permissions they lack, and the matrix offers only the
// permissions the user holds.
import { useMemo } from 'react';
import { Alert, Box } from '@mui/material';
import { Form, ResourceContextProvider, TextInput, maxLength, required, useGetOne, useTranslate } from 'react-admin';
import { holdsEverything, mayGrant } from '../../../shared/grants';
import { ADMINISTRATOR } from '../../../shared/permissions';
import { useSession } from '../../session/session-store';
import { FormButtons, FormError, FormPage, Loading, Section, StatusChip, useRecordSave } from '../common/FormPage';
import { listPathOf } from '../common/api';
import { useCan, useRecordId } from '../common/params';
import { PermissionMatrix } from './PermissionMatrix';

const RESOURCE = 'roles';

export function RoleForm() {
  const id = useRecordId();
  const translate = useTranslate();
  const can = useCan();
  const { permissions: mine } = useSession();
  const grantable = useMemo(() => new Set(mine), [mine]);
  const { data: record, isPending, error } = useGetOne(RESOURCE, { id: id ?? '' }, { enabled: !!id });
  const backTo = listPathOf(RESOURCE);
  const isAdministrator = !!record && record.built_in === true && record.name === ADMINISTRATOR;
  const { onSubmit, busy, formError } = useRecordSave(RESOURCE, record, {
    backTo,
    transform: (v) => ({ name: v.name, description: v.description || null, permissions: v.permissions ?? [] }),
  });
  if (id && isPending) return <Loading />;
  if (id && error) return <Alert severity="error">{String((error as Error).message)}</Alert>;
  // why this user may not change this role, if they may not
  const locked = !record || isAdministrator ? null
    : record.built_in === true && !holdsEverything(mine) ? 'screens.roles.built_in_locked'
      : !mayGrant(mine, (record.permissions as string[]) ?? []) ? 'screens.roles.above_you' : null;
  const canSave = can(id ? 'edit.role' : 'create.role') && !locked;
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
          {locked ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate(locked)}
            </Alert>
          ) : null}
          <Section title={translate('screens.roles.details')}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
              <TextInput source="name" validate={[required(), maxLength(100)]} disabled={isAdministrator || !canSave} />
              <TextInput source="description" validate={maxLength(500)} multiline disabled={!canSave} />
            </Box>
          </Section>
          <Section title={translate('screens.roles.permissions')} hint={translate('screens.roles.permissions_hint')}>
            <PermissionMatrix readOnly={isAdministrator || !canSave} grantable={grantable} />
          </Section>
          <FormButtons busy={busy} backTo={backTo} canSave={canSave} />
        </Form>
      </FormPage>
    </ResourceContextProvider>
  );
}
