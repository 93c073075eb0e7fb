// English texts of the generic screens: area names (resources.<name>.name, "one |||| many"),
// field labels where the key alone reads badly, group headings, choice labels and the UI.
// Keys missing here fall back to a label made from the key (labels.ts).

const COUNTIES = {
  mombasa: 'Mombasa', kwale: 'Kwale', kilifi: 'Kilifi', tana_river: 'Tana River', lamu: 'Lamu', taita_taveta: 'Taita-Taveta',
  garissa: 'Garissa', wajir: 'Wajir', mandera: 'Mandera', marsabit: 'Marsabit', isiolo: 'Isiolo', meru: 'Meru',
  tharaka_nithi: 'Tharaka-Nithi', embu: 'Embu', kitui: 'Kitui', machakos: 'Machakos', makueni: 'Makueni', nyandarua: 'Nyandarua',
  nyeri: 'Nyeri', kirinyaga: 'Kirinyaga', muranga: "Murang'a", kiambu: 'Kiambu', turkana: 'Turkana', west_pokot: 'West Pokot',
  samburu: 'Samburu', trans_nzoia: 'Trans-Nzoia', uasin_gishu: 'Uasin Gishu', elgeyo_marakwet: 'Elgeyo-Marakwet', nandi: 'Nandi',
  baringo: 'Baringo', laikipia: 'Laikipia', nakuru: 'Nakuru', narok: 'Narok', kajiado: 'Kajiado', kericho: 'Kericho', bomet: 'Bomet',
  kakamega: 'Kakamega', vihiga: 'Vihiga', bungoma: 'Bungoma', busia: 'Busia', siaya: 'Siaya', kisumu: 'Kisumu', homa_bay: 'Homa Bay',
  migori: 'Migori', kisii: 'Kisii', nyamira: 'Nyamira', nairobi: 'Nairobi',
};

export const genericEnglish = {
  resources: {
    'property-owners': {
      name: 'Property owner |||| Property owners',
      fields: { id_number: 'ID / registration no.', commission_rate: 'Commission %' },
      choices: { kind: { sacco: 'SACCO' } },
    },
    aggregators: { name: 'Aggregator |||| Aggregators', fields: { commission_share: 'Commission share %' } },
    properties: {
      name: 'Property |||| Properties',
      fields: { caretaker_id: 'Caretaker', commission_rate: 'Commission % (override)', grace_days: 'Grace days' },
    },
    'house-types': { name: 'House type |||| House types', fields: { charge_ids: 'Default recurring charges' } },
    houses: {
      name: 'House |||| Houses',
      fields: { number: 'House no.', account_code: 'Account code (M-Pesa)', charge_ids: 'Recurring charges', water_meter: 'Water meter no.', electricity_meter: 'Electricity meter no.' },
    },
    charges: { name: 'Charge |||| Charges', fields: { kept_by: 'Kept by', priority: 'Allocation priority' } },
    tenants: { name: 'Tenant |||| Tenants', fields: { id_number: 'ID / passport no.', alt_phone: 'Alternative phone', sms_opt_in: 'Receives SMS' } },
    leases: {
      name: 'Lease |||| Leases',
      fields: { escalation_rate: 'Escalation %', escalation_months: 'Escalate every (months)', move_out_date: 'Move-out date', activated_on: 'Activated on' },
      children: { charges: { name: 'Charges', fields: { amount: 'Amount (override)' } } },
    },
    invoices: {
      name: 'Invoice |||| Invoices',
      fields: { number: 'Invoice no.' },
      children: { lines: { name: 'Lines', fields: { meter_previous: 'Previous reading', meter_current: 'Current reading', posted_on: 'Counts from', waived_on: 'Waived on' } } },
    },
    expenses: { name: 'Expense |||| Expenses', fields: { borne_by: 'Borne by' } },
    incomes: { name: 'Income |||| Incomes', fields: { channel_id: 'Received through' } },
    payments: {
      name: 'Payment |||| Payments',
      fields: { receipt_number: 'Receipt no.', channel_id: 'Channel', external_reference: 'Reference (M-Pesa code)', account_reference: 'Account typed', unallocated: 'Unallocated' },
      children: { allocations: { name: 'Allocations' } },
    },
    'payment-channels': {
      name: 'Payment channel |||| Payment channels',
      fields: { number: 'Paybill / till / account no.', account_format: 'Account number format', is_default: 'Default channel', callback_secret: 'Callback secret', daraja_refuse_unknown_accounts: 'Refuse payments to unknown account numbers (Daraja validation)' },
    },
    messages: {
      name: 'Message |||| Messages',
      menu: { outbox: 'Outbox', sent: 'Sent', 'send-message': 'Send message' },
    },
    templates: { name: 'Template |||| Templates' },
    readings: { menu: { 'read-meters': 'Read meters' } },
    'sms-credits': { name: 'SMS credit |||| SMS credits', fields: { message_id: 'Message' } },
    tickets: { name: 'Ticket |||| Tickets', fields: { number: 'Ticket no.', category_id: 'Category', assignee_id: 'Assigned to' } },
    'work-orders': { name: 'Work order |||| Work orders', fields: { number: 'Work order no.', category_id: 'Category', paid_by: 'Paid by' } },
    'work-order-categories': { name: 'Work order category |||| Work order categories' },
    'service-providers': { name: 'Service provider |||| Service providers', fields: { category_ids: 'Categories' } },
    users: { name: 'User |||| Users', fields: { role_ids: 'Roles' } },
    roles: { name: 'Role |||| Roles', fields: { built_in: 'Built in' } },
    settings: {
      name: 'Settings |||| Settings',
      fields: { name: 'Organisation name', default_commission_rate: 'Default commission %', africastalking_api_key: "Africa's Talking API key", africastalking_username: "Africa's Talking username", sms_sender_id: 'SMS sender ID', send_receipts: 'Send an SMS receipt for every payment' },
    },
  },
  choices: {
    county: COUNTIES,
    any: {
      mpesa: 'M-Pesa', mpesa_paybill: 'M-Pesa paybill', mpesa_till: 'M-Pesa till', one_off: 'One-off', top_up: 'Top-up', sms: 'SMS',
      in_progress: 'In progress', insufficient_credits: 'Insufficient credits', logged: 'Logged, not delivered', africastalking: "Africa's Talking", partially_paid: 'Partially paid',
      deposit: 'Deposit',
    },
  },
  generic: {
    groups: {
      payout: 'Payout', penalty: 'Penalty rule', location: 'Location', billing: 'Billing', meters: 'Meters', contacts: 'Next of kin and work',
      ending: 'Notice and move-out', cost: 'Cost', payee: 'Payee', bank: 'Bank', daraja: 'M-Pesa Daraja API', profile: 'Profile',
      locale: 'Language and time', reminders: 'Reminders', sms: 'SMS', statements: 'Statements', appearance: 'Appearance',
    },
    fields: {
      property_id: 'Property', house_id: 'House', tenant_id: 'Tenant', owner_id: 'Owner', lease_id: 'Lease', created_at: 'Created', updated_at: 'Updated',
      kra_pin: 'KRA PIN', payout_mpesa_phone: 'M-Pesa number', payout_bank: 'Bank', payout_bank_branch: 'Branch',
      penalty_rate: 'Penalty %', penalty_cap: 'Penalty cap',
    },
    menu: {
      portfolio: 'Portfolio', tenancy: 'Tenancy', money: 'Money', messaging: 'Messaging', maintenance: 'Maintenance', reports: 'Reports',
      administration: 'Administration', statement_property: 'Property statement', statement_user: 'Tenant statement', aging_balances: 'Aging balances', rental_income_tax: 'Rental income tax', periods: 'Month close',
    },
    list: {
      empty_title: 'No %{name} yet',
      deleted: '%{smart_count} %{name} deleted',
      empty_text: 'Add the first one and it will appear here.',
      empty_text_readonly: 'When there are some, they will appear here.',
      add: 'Add %{name}',
      from: '%{field} from',
      to: '%{field} to',
      search: 'Search',
      yes: 'Yes',
      no: 'No',
      export_failed: 'The export could not be downloaded',
      page_range_estimated: '%{offsetBegin}-%{offsetEnd} of about %{total}',
    },
    form: {
      new: 'New %{name}',
      edit: 'Edit %{name}',
      secret_set: 'Set. Leave blank to keep it.',
      secret_not_set: 'Not set.',
      secret_keep: 'Leave blank to keep the stored value.',
      cannot_pick: 'Your role may not list these records: ask an administrator.',
      read_only: 'Filled in by Keja',
      saved: 'Saved',
      created: '%{name} created',
      created_record: '%{name} %{title} created',
      saved_record: '%{name} %{title} saved',
      deleted_record: '%{name} %{title} deleted',
      problem: 'Please correct the highlighted fields.',
      money_invalid: 'Enter an amount in shillings with at most two decimals',
      money_min: 'At least %{min}',
      money_max: 'At most %{max}',
      json_invalid: 'Enter valid JSON',
      add_row: 'Add row',
      delete_blocked: 'Cannot be deleted',
    },
    related: {
      see_all: 'See all',
      add: 'Add',
      none: 'None yet.',
      count: '%{count} in total',
    },
  },
};
