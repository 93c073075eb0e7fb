// The organisation's settings (GET/PUT /settings), in tabs. Secrets are write-only: the server
// never returns them, only whether one is set; the field starts empty and a key is sent only
// when the person types a new one (an empty value keeps the stored secret).
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Card, Chip, Link as MuiLink, Tab, Tabs, Typography } from '@mui/material';
import {
  AutocompleteInput, BooleanInput, Form, PasswordInput, ReferenceInput, ResourceContextProvider, SelectInput, TextInput, email,
  maxLength, required, useGetList, useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useFormState } from 'react-hook-form';
import { ALLOCATION_ORDERS, LOCALES, SMS_DRIVERS, settings as declaration } from '../../../../resources/settings';
import { PENALTY_FREQUENCIES, PENALTY_TYPES } from '../../../shared/resource-fields';
import { NumberInput } from '../../components/NumberInput';
import { PhoneInput } from '../../components/phone/PhoneInput';
import { useFormSubmit } from '../../components/useFormSubmit';
import { useToast } from '../../components/toast/ToastProvider';
import { api } from '../../providers/http-client';
import { FormError, FormPage, Loading, Row, Section } from '../common/FormPage';
import { MoneyInput } from '../../generic/MoneyInput';
import { useChoices } from '../common/choices';
import { useCan } from '../common/params';
import { SmsProviderPanel } from './SmsProviderPanel';
import { LogoInput } from './LogoInput';

const RESOURCE = 'settings';
type Values = Record<string, unknown>;

export const TABS = ['profile', 'billing', 'penalties', 'mpesa', 'sms', 'mail'] as const;
type TabKey = (typeof TABS)[number];

/** Which tab shows each field (for the error dots). */
const FIELD_TAB: Record<string, TabKey> = {
  name: 'profile', logo: 'profile', kra_pin: 'profile', address: 'profile', email: 'profile', phone: 'profile', locale: 'profile', timezone: 'profile', dark_mode: 'profile',
  invoice_prefix: 'billing', billing_day: 'billing', due_day: 'billing', grace_days: 'billing', allocation_order: 'billing', default_commission_rate: 'billing',
  expense_approval_threshold: 'billing', reminder_days_before: 'sms', reminder_days_after: 'sms',
  penalty_type: 'penalties', penalty_amount: 'penalties', penalty_rate: 'penalties', penalty_frequency: 'penalties', penalty_cap: 'penalties',
  default_payment_channel_id: 'mpesa',
  sms_sender_id: 'sms', sms_driver: 'sms', send_receipts: 'sms', africastalking_username: 'sms', africastalking_api_key: 'sms',
  statement_footer: 'mail',
};

const SECRETS = declaration.fields.filter((f) => f.writeOnly).map((f) => f.key);
const PERCENTS = declaration.fields.filter((f) => f.kind === 'percent').map((f) => f.key);

/** The server's answer → form values: secrets start empty, percents as numbers for the number input. */
export function toFormValues(answer: Values): Values {
  const out: Values = {};
  for (const f of declaration.fields) out[f.key] = answer[f.key] ?? null;
  for (const k of SECRETS) out[k] = '';
  for (const k of PERCENTS) out[k] = answer[k] == null || answer[k] === '' ? null : Number(answer[k]);
  return out;
}

/** Form values → PUT body: every declared field, a secret only when a new one was typed. */
export function settingsBody(values: Values): Values {
  const out: Values = {};
  for (const f of declaration.fields) {
    if (f.readOnly) continue;
    const v = values[f.key];
    if (f.writeOnly) {
      if (typeof v === 'string' && v.trim() !== '') out[f.key] = v.trim();
      continue;
    }
    out[f.key] = v === '' || v === undefined ? null : v;
  }
  return out;
}

function TabPanel({ value, current, children }: { value: TabKey; current: TabKey; children: ReactNode }) {
  // every panel stays mounted (its inputs keep their values and rules); only the current one shows
  return (
    <Box role="tabpanel" id={`settings-panel-${value}`} aria-labelledby={`settings-tab-${value}`} hidden={value !== current} sx={{ pt: 2 }}>
      {children}
    </Box>
  );
}

function SettingsTabs({ tab, onChange }: { tab: TabKey; onChange: (t: TabKey) => void }) {
  const translate = useTranslate();
  const { errors } = useFormState();
  const withErrors = new Set(Object.keys(errors).map((k) => FIELD_TAB[k]).filter(Boolean));
  return (
    <Tabs value={tab} onChange={(_, v: TabKey) => onChange(v)} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider', maxWidth: '100%', minWidth: 0 }}>
      {TABS.map((t) => (
        <Tab
          key={t}
          value={t}
          id={`settings-tab-${t}`}
          aria-controls={`settings-panel-${t}`}
          label={
            <Badge color="error" variant="dot" invisible={!withErrors.has(t)}>
              <Box component="span" sx={{ pr: withErrors.has(t) ? 1 : 0 }}>{translate(`screens.settings.tabs.${t}`)}</Box>
            </Badge>
          }
        />
      ))}
    </Tabs>
  );
}

function SecretStatus({ set }: { set: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={set ? 'success' : 'default'}
      variant={set ? 'filled' : 'outlined'}
      label={translate(set ? 'screens.settings.secret_set' : 'screens.settings.secret_not_set')}
      data-testid="secret-status"
    />
  );
}

function MpesaChannels() {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList('payment-channels', { filter: { kind: ['mpesa_paybill', 'mpesa_till'] }, pagination: { page: 1, perPage: 50 }, sort: { field: 'name', order: 'ASC' } });
  if (isPending) return null;
  return (
    <Box>
      {data.length ? data.map((c) => (
        <Card key={String(c.id)} variant="outlined" sx={{ p: 1.5, mb: 1, display: 'flex', alignItems: 'center', gap: 2, borderRadius: 2 }}>
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{String(c.name)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`screens.settings.channel_kind.${c.kind}`, { _: String(c.kind) })} · {String(c.number ?? '—')} · {translate('screens.settings.daraja_env', { env: c.daraja_environment ?? '—' })}
            </Typography>
          </Box>
          {c.is_default ? <Chip size="small" color="primary" label={translate('screens.settings.default_channel')} /> : null}
          <Button size="small" component={Link} to={`/payment-channel-form/${encodeURIComponent(String(c.id))}`}>
            {translate('screens.settings.edit_keys')}
          </Button>
        </Card>
      )) : (
        <Typography color="text.secondary" variant="body2">
          {translate('screens.settings.no_mpesa')}{' '}
          <MuiLink component={Link} to="/payment-channel-form">{translate('screens.settings.add_channel')}</MuiLink>
        </Typography>
      )}
    </Box>
  );
}

function Panels({ answer, tab, readOnly }: { answer: Values; tab: TabKey; readOnly: boolean }) {
  const translate = useTranslate();
  const locales = useChoices(RESOURCE, 'locale', LOCALES);
  const orders = useChoices(RESOURCE, 'allocation_order', ALLOCATION_ORDERS);
  const drivers = useChoices(RESOURCE, 'sms_driver', SMS_DRIVERS);
  const penaltyTypes = useChoices(RESOURCE, 'penalty_type', PENALTY_TYPES);
  const penaltyFrequencies = useChoices(RESOURCE, 'penalty_frequency', PENALTY_FREQUENCIES);
  const d = readOnly;
  return (
    <>
      <TabPanel value="profile" current={tab}>
        <Section title={translate('screens.settings.profile')} hint={translate('screens.settings.profile_hint')}>
          <Row>
            <TextInput source="name" validate={[required(), maxLength(150)]} disabled={d} />
            <TextInput source="kra_pin" label="screens.settings.kra_pin" validate={maxLength(11)} disabled={d} parse={(v: string) => v.toUpperCase()} helperText="A123456789Z" />
          </Row>
          <Row>
            <TextInput source="email" type="email" validate={email()} disabled={d} />
            <PhoneInput source="phone" defaultCountry="KE" disabled={d} />
          </Row>
          <TextInput source="address" multiline minRows={2} validate={maxLength(500)} disabled={d} />
          <LogoInput disabled={d} />
        </Section>
        <Section title={translate('screens.settings.locale')}>
          <Row columns={3}>
            <SelectInput source="locale" choices={locales} validate={required()} disabled={d} />
            <TextInput source="timezone" validate={[required(), maxLength(50)]} disabled={d} />
            <BooleanInput source="dark_mode" disabled={d} sx={{ pt: 1.5 }} />
          </Row>
        </Section>
      </TabPanel>
      <TabPanel value="billing" current={tab}>
        <Section title={translate('screens.settings.billing')} hint={translate('screens.settings.billing_hint')}>
          <Row columns={3}>
            <NumberInput source="billing_day" min={1} max={28} validate={required()} disabled={d} />
            <NumberInput source="due_day" min={1} max={28} validate={required()} disabled={d} />
            <NumberInput source="grace_days" min={0} max={60} validate={required()} disabled={d} />
          </Row>
          <Row columns={3}>
            <TextInput source="invoice_prefix" validate={maxLength(10)} disabled={d} />
            <SelectInput source="allocation_order" choices={orders} validate={required()} disabled={d} />
            <NumberInput source="default_commission_rate" min={0} max={100} step={0.01} disabled={d} />
          </Row>
          <Row>
            <MoneyInput source="expense_approval_threshold" min={0} disabled={d} helperText={translate('screens.settings.threshold_hint')} />
          </Row>
        </Section>
      </TabPanel>
      <TabPanel value="penalties" current={tab}>
        <Section title={translate('screens.settings.penalties')} hint={translate('screens.settings.penalties_hint')}>
          <Row columns={3}>
            <SelectInput source="penalty_type" choices={penaltyTypes} disabled={d} />
            <MoneyInput source="penalty_amount" min={0} disabled={d} />
            <NumberInput source="penalty_rate" min={0} max={100} step={0.01} disabled={d} />
          </Row>
          <Row columns={3}>
            <SelectInput source="penalty_frequency" choices={penaltyFrequencies} disabled={d} />
            <MoneyInput source="penalty_cap" min={0} disabled={d} />
          </Row>
        </Section>
      </TabPanel>
      <TabPanel value="mpesa" current={tab}>
        <Section title={translate('screens.settings.mpesa')} hint={translate('screens.settings.mpesa_hint')}>
          <ReferenceInput source="default_payment_channel_id" reference="payment-channels" sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput optionText="name" disabled={d} filterToQuery={(q) => (q ? { q } : {})} />
          </ReferenceInput>
          <MpesaChannels />
        </Section>
      </TabPanel>
      <TabPanel value="sms" current={tab}>
        <Section title={translate('screens.settings.sms')} hint={translate('screens.settings.sms_hint')}>
          <Row>
            <SelectInput source="sms_driver" label="screens.settings.sms_driver" choices={drivers} validate={required()} disabled={d} />
            <TextInput source="sms_sender_id" validate={maxLength(11)} disabled={d} helperText={translate('screens.settings.sender_hint')} />
          </Row>
          <Row>
            <TextInput source="africastalking_username" validate={maxLength(100)} disabled={d} autoComplete="off" />
            <Box>
              <PasswordInput
                source="africastalking_api_key"
                validate={maxLength(200)}
                disabled={d}
                autoComplete="new-password"
                placeholder={translate(answer.africastalking_api_key_set ? 'screens.settings.secret_replace' : 'screens.settings.secret_enter')}
                helperText={translate('screens.settings.secret_hint')}
              />
              <Box sx={{ mt: -0.5 }}>
                <SecretStatus set={answer.africastalking_api_key_set === true} />
              </Box>
            </Box>
          </Row>
        </Section>
        {!d ? <SmsProviderPanel /> : null}
        <Section title={translate('screens.settings.reminders')} hint={translate('screens.settings.reminders_hint')}>
          <Row>
            <NumberInput source="reminder_days_before" min={0} max={31} disabled={d} />
            <NumberInput source="reminder_days_after" min={0} max={31} disabled={d} />
          </Row>
          {/* an SMS receipt for every confirmed payment, from the "receipt" template */}
          <BooleanInput source="send_receipts" disabled={d} />
        </Section>
      </TabPanel>
      <TabPanel value="mail" current={tab}>
        <Section title={translate('screens.settings.mail')} hint={translate('screens.settings.mail_hint')}>
          <TextInput source="statement_footer" multiline minRows={3} validate={maxLength(2000)} disabled={d} helperText={translate('screens.settings.footer_hint')} />
        </Section>
      </TabPanel>
    </>
  );
}

export function SettingsForm() {
  const translate = useTranslate();
  const toast = useToast();
  const can = useCan();
  const [answer, setAnswer] = useState<Values | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey>('profile');
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    api<Values>('/settings')
      .then((a) => live && setAnswer(a))
      .catch((e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, []);
  const { onSubmit, busy, formError } = useFormSubmit(async (values) => {
    const saved = await api<Values>('/settings', { method: 'PUT', body: settingsBody(values) });
    setAnswer(saved);
    setRound((n) => n + 1); // a fresh form: secrets empty again, the new "set" flags shown
    toast.add({ severity: 'success', summary: 'screens.settings.saved', life: 4000 });
  });
  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!answer) return <Loading />;
  const readOnly = !can('edit.setting');
  return (
    <ResourceContextProvider value={RESOURCE}>
      <FormPage title={translate('screens.settings.title')} subtitle={translate('screens.settings.subtitle', { name: answer.name ?? '' })} maxWidth={1000}>
        {readOnly ? <Alert severity="info" sx={{ mb: 2 }}>{translate('screens.settings.read_only')}</Alert> : null}
        <Form key={round} record={toFormValues(answer)} onSubmit={onSubmit} noValidate>
          <FormError message={formError} />
          <SettingsTabs tab={tab} onChange={setTab} />
          <Panels answer={answer} tab={tab} readOnly={readOnly} />
          {!readOnly ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button type="submit" variant="contained" loading={busy}>{translate('ra.action.save')}</Button>
            </Box>
          ) : null}
        </Form>
      </FormPage>
    </ResourceContextProvider>
  );
}
