// A member of the organisation, or an invitation. A new one is invited by email: they join only
// when they accept (the invitation shows as Invited until then; it can be sent again or revoked).
// A member keeps their own name, email and phone (they are the person's, shared with other
// organisations): here an admin changes their roles and disables or enables them. The server keeps
// at least one active Administrator and answers 409 otherwise: shown as is. Granting rules (issue
// 12, enforced by the server): roles holding permissions the user lacks are greyed out, and a
// member holding more than the user cannot be changed here.
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import {
  AutocompleteArrayInput, Form, ReferenceArrayInput, ResourceContextProvider, TextInput, email, maxLength, required,
  useGetList, useGetOne, useTranslate, useUpdate, type RaRecord,
} from 'react-admin';
import { mayGrant } from '../../../shared/grants';
import { InvitationActions } from './InvitationActions';
import { PhoneInput } from '../../components/phone/PhoneInput';
import { describeFailure } from '../../components/server-errors';
import { useToast } from '../../components/toast/ToastProvider';
import { useConfirm } from '../../components/confirm/ConfirmProvider';
import { useSession } from '../../session/session-store';
import { FormButtons, FormError, FormPage, Loading, Row, Section, StatusChip, useRecordSave } from '../common/FormPage';
import { listPathOf } from '../common/api';
import { useCan, useRecordId } from '../common/params';

const RESOURCE = 'users';

const isInvitation = (r: RaRecord | undefined) => r?.status === 'invited' || r?.status === 'expired';

/** The organisation's roles by id, to judge what giving one would grant. */
function useRolePermissions() {
  const { data } = useGetList('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  return useMemo(() => new Map((data ?? []).map((r) => [String(r.id), { name: String(r.name), permissions: (r.permissions as string[]) ?? [] }])), [data]);
}

function RolesInput({ disabled, mine, roles }: { disabled?: boolean; mine: string[]; roles: ReturnType<typeof useRolePermissions> }) {
  const translate = useTranslate();
  const refused = [...roles.values()].filter((r) => !mayGrant(mine, r.permissions)).map((r) => r.name);
  return (
    <ReferenceArrayInput source="role_ids" reference="roles" perPage={100} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteArrayInput
        optionText="name"
        disabled={disabled}
        filterToQuery={(q) => (q ? { q } : {})}
        getOptionDisabled={(role: RaRecord) => !mayGrant(mine, (role.permissions as string[]) ?? [])}
        helperText={refused.length && !disabled ? translate('screens.users.roles_not_yours', { roles: refused.join(', ') }) : false}
      />
    </ReferenceArrayInput>
  );
}

function StatusAction({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const toast = useToast();
  const confirm = useConfirm();
  const [update, { isPending }] = useUpdate();
  const [error, setError] = useState<string | null>(null);
  const disabling = record.status !== 'disabled';
  const run = async () => {
    const ok = await confirm({
      title: translate(disabling ? 'screens.users.disable_title' : 'screens.users.enable_title', { name: record.name }),
      message: translate(disabling ? 'screens.users.disable_message' : 'screens.users.enable_message'),
      acceptLabel: disabling ? 'screens.users.disable' : 'screens.users.enable',
      severity: disabling ? 'danger' : 'default',
    });
    if (!ok) return;
    setError(null);
    try {
      await update(RESOURCE, { id: record.id, data: { status: disabling ? 'disabled' : 'active' }, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      toast.add({ severity: 'success', summary: disabling ? 'screens.users.disabled_done' : 'screens.users.enabled_done', life: 4000 });
    } catch (e) {
      const { fields, message } = describeFailure(e);
      setError(fields ? Object.values(fields).join(' ') : message);
    }
  };
  return (
    <Box>
      <Button
        variant="outlined"
        color={disabling ? 'error' : 'primary'}
        startIcon={disabling ? <BlockRoundedIcon /> : <CheckCircleOutlineRoundedIcon />}
        loading={isPending}
        onClick={() => void run()}
      >
        {translate(disabling ? 'screens.users.disable' : 'screens.users.enable')}
      </Button>
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {translate(error, { _: error })}
        </Alert>
      ) : null}
    </Box>
  );
}

export function UserForm() {
  const id = useRecordId();
  const translate = useTranslate();
  const can = useCan();
  const { user: me, permissions: mine } = useSession();
  const roles = useRolePermissions();
  const toast = useToast();
  const { data: record, isPending, error } = useGetOne(RESOURCE, { id: id ?? '' }, { enabled: !!id });
  const backTo = listPathOf(RESOURCE);
  const { onSubmit, busy, formError } = useRecordSave(RESOURCE, record, {
    backTo,
    transform: (v) => (record
      ? { role_ids: v.role_ids ?? [] }
      : { name: v.name, email: v.email, phone: v.phone || null, role_ids: v.role_ids ?? [] }),
    onSaved: (saved) => {
      if (!record) toast.add({ severity: 'info', summary: 'screens.users.invited', detail: translate('screens.users.invited_detail', { email: saved.email }), life: 6000 });
    },
  });
  if (id && isPending) return <Loading />;
  if (id && error) return <Alert severity="error">{String((error as Error).message)}</Alert>;
  const invitation = isInvitation(record);
  // a member holding a permission this user lacks is above them: neither roles nor access change
  const theirs = ((record?.role_ids as string[]) ?? []).flatMap((r) => roles.get(String(r))?.permissions ?? []);
  const above = !!record && !invitation && !mayGrant(mine, theirs);
  const canSave = can(id ? 'edit.user' : 'create.user') && !above;
  const self = !!record && String(record.id) === String(me?.id);
  const tone = record?.status === 'disabled' ? 'error' : invitation ? 'warning' : 'success';
  return (
    <ResourceContextProvider value={RESOURCE}>
      <FormPage
        title={record ? String(record.name) : translate('screens.users.invite_title')}
        subtitle={record ? String(record.email) : translate('screens.users.invite_subtitle')}
        status={record ? (
          <StatusChip label={translate(`screens.users.status.${record.status}`, { _: String(record.status) })} tone={tone} />
        ) : null}
        maxWidth={760}
      >
        <Form record={record ?? { name: '', email: '', phone: '', role_ids: [] }} onSubmit={onSubmit} noValidate key={String(record?.status ?? 'new')}>
          <FormError message={formError} />
          {above ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('screens.users.above_you')}
            </Alert>
          ) : null}
          <Section title={translate('screens.users.person')} hint={record ? translate(invitation ? 'screens.users.invitation_person_hint' : 'screens.users.person_hint') : undefined}>
            <TextInput source="name" validate={record ? undefined : [required(), maxLength(150)]} disabled={!!record} autoComplete="off" />
            <Row>
              <TextInput source="email" type="email" validate={record ? undefined : [required(), email()]} disabled={!!record} autoComplete="off" />
              {record ? (
                <TextInput source="phone" disabled />
              ) : (
                <PhoneInput source="phone" defaultCountry="KE" />
              )}
            </Row>
          </Section>
          <Section title={translate('screens.users.roles')} hint={translate('screens.users.roles_hint')}>
            <RolesInput disabled={!canSave} mine={mine} roles={roles} />
          </Section>
          {record && invitation ? <InvitationActions record={record} /> : null}
          {record && !invitation && can('edit.user') && !self && !above ? (
            <Section title={translate('screens.users.access')}>
              <Stack spacing={1}>
                <Typography variant="body2" color="text.secondary">
                  {translate(record.status === 'disabled' ? 'screens.users.disabled_hint' : 'screens.users.active_hint')}
                </Typography>
                <StatusAction record={record} />
              </Stack>
            </Section>
          ) : null}
          <FormButtons busy={busy} backTo={backTo} canSave={canSave} saveLabel={record ? 'ra.action.save' : 'screens.users.send_invitation'} />
        </Form>
      </FormPage>
    </ResourceContextProvider>
  );
}
