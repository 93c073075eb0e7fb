// The demo organisation's portfolio, as a client would type it. References are by a local key
// ('owner: baraka'); demo.ts resolves them to the ids createRecord returns.

export const OWNERS = {
  peter: {
    kind: 'individual', name: 'Peter Mwangi Kariuki', id_number: '22451873', kra_pin: 'A004518732K',
    phone: '+254722418093', email: 'peter.kariuki@example.com',
    payout_method: 'mpesa', payout_mpesa_phone: '+254722418093', payout_account_name: 'Peter Mwangi Kariuki',
    commission_rate: '10', notes: 'Lives in Nyeri; prefers statements by email on the 10th.',
  },
  baraka: {
    kind: 'company', name: 'Baraka Holdings Limited', id_number: 'PVT-7LUK2R9', kra_pin: 'P051672934M',
    phone: '+254733602114', email: 'accounts@baraka-holdings.example.com',
    payout_method: 'bank', payout_bank: 'Equity Bank', payout_bank_branch: 'Kilimani',
    payout_account_name: 'Baraka Holdings Limited', payout_account_number: '0180291746553',
    commission_rate: '8', notes: 'Directors: Mr. Njoroge and Mrs. Achieng. Remit by the 10th.',
  },
  umoja: {
    kind: 'chama', name: 'Umoja Women Investment Group', id_number: 'SHG/NRB/2016/4471', kra_pin: 'P052384417Q',
    phone: '+254711905362', email: 'umoja.chama@example.com',
    payout_method: 'bank', payout_bank: 'KCB Bank', payout_bank_branch: 'Kasarani',
    payout_account_name: 'Umoja Women Investment Group', payout_account_number: '1189004512',
    commission_rate: '10', notes: 'Treasurer: Mama Wanjiku. Statements are read at the monthly meeting.',
  },
  tujenge: {
    kind: 'sacco', name: 'Tujenge Housing Sacco Society Ltd', id_number: 'CS/19844', kra_pin: 'P051998213A',
    phone: '+254724377510', email: 'info@tujenge-sacco.example.com',
    payout_method: 'bank', payout_bank: 'Co-operative Bank of Kenya', payout_bank_branch: 'Machakos',
    payout_account_name: 'Tujenge Housing Sacco', payout_account_number: '01129447718800',
    commission_rate: '9',
  },
} as const;
export type OwnerKey = keyof typeof OWNERS;

export const AGGREGATOR = {
  name: 'Nairobi Realty Connect', contact_person: 'Samuel Kinyua', phone: '+254745112908',
  email: 'deals@nairobi-realty.example.com', kra_pin: 'P051447820H', commission_share: '25',
  payout_method: 'mpesa', payout_mpesa_phone: '+254745112908', payout_account_name: 'Samuel Kinyua', active: true,
};

export const CHANNELS = {
  paybill: {
    name: 'M-Pesa Paybill 4015532', kind: 'mpesa_paybill', number: '4015532',
    account_format: 'Your house account code, e.g. KILA1', is_default: true, daraja_environment: 'sandbox',
  },
  bank: {
    name: 'KCB Collections Account', kind: 'bank_account', number: '1290774531', bank_name: 'KCB Bank',
    bank_branch: 'Kilimani', account_format: 'Tenant name and house account code',
  },
  cash: { name: 'Office cash', kind: 'cash', account_format: 'Receipt book number' },
} as const;

export const CHARGES = {
  waterMetered: { name: 'Water (metered, per m³)', category: 'utility', amount: '150.00', billing: 'monthly', metered: true, kept_by: 'owner', priority: 30 },
  waterFlat: { name: 'Water (flat rate)', category: 'utility', amount: '500.00', billing: 'monthly', kept_by: 'owner', priority: 30 },
  garbage: { name: 'Garbage collection', category: 'service', amount: '300.00', billing: 'monthly', kept_by: 'owner', priority: 40 },
  security: { name: 'Security', category: 'service', amount: '1000.00', billing: 'monthly', kept_by: 'owner', priority: 40 },
  service: { name: 'Service charge', category: 'service', amount: '3500.00', billing: 'monthly', kept_by: 'owner', priority: 50 },
  shopService: { name: 'Service charge (commercial)', category: 'service', amount: '2500.00', billing: 'monthly', taxable: true, kept_by: 'owner', priority: 50 },
  waterDeposit: { name: 'Water deposit', category: 'deposit', amount: '2000.00', billing: 'one_off', refundable: true, kept_by: 'owner', priority: 20 },
  lateFee: { name: 'Late payment penalty', category: 'penalty', amount: '1000.00', billing: 'one_off', kept_by: 'agency', priority: 90 },
} as const;
export type ChargeKey = keyof typeof CHARGES;

export const HOUSE_TYPES = {
  bedsitter: { name: 'Bedsitter', default_rent: '9500.00', default_deposit: '9500.00', charges: ['waterFlat', 'garbage'], description: 'One room with a kitchenette and its own bathroom.' },
  oneBedroom: { name: '1 Bedroom', default_rent: '18000.00', default_deposit: '18000.00', charges: ['waterMetered', 'garbage', 'security'], description: 'Sitting room, open kitchen, one bedroom, bathroom.' },
  twoBedroom: { name: '2 Bedroom', default_rent: '32000.00', default_deposit: '32000.00', charges: ['waterMetered', 'garbage', 'security', 'service'], description: 'Two bedrooms, master en-suite, balcony.' },
  threeBedroom: { name: '3 Bedroom', default_rent: '65000.00', default_deposit: '130000.00', charges: ['waterMetered', 'garbage', 'security', 'service'], description: 'Three bedrooms all en-suite, DSQ, two parking bays.' },
  shop: { name: 'Shop', default_rent: '25000.00', default_deposit: '50000.00', charges: ['waterFlat', 'garbage', 'security', 'shopService'], description: 'Ground-floor shop with a roller shutter.' },
} as const satisfies Record<string, { charges: readonly ChargeKey[] } & Record<string, unknown>>;
export type HouseTypeKey = keyof typeof HOUSE_TYPES;

/** A run of houses: numbers prefix+1..count on one block. */
export interface HouseRun { prefix: string; count: number; type: HouseTypeKey; block?: string; floors?: number }

export interface DemoProperty {
  key: string;
  input: Record<string, unknown>;
  owner: OwnerKey;
  aggregator?: boolean;
  caretaker?: boolean;
  houses: HouseRun[];
}

export const PROPERTIES: DemoProperty[] = [
  {
    key: 'KIL', owner: 'baraka', aggregator: true,
    input: {
      name: 'Jirani Heights', code: 'KIL', kind: 'residential', county: 'nairobi', town: 'Kilimani',
      address: 'Argwings Kodhek Road, off Ngong Road, Kilimani, Nairobi', billing_day: 1, due_day: 5, grace_days: 5,
      penalty_type: 'percent', penalty_rate: '5', penalty_frequency: 'once',
      notes: 'Gated apartment block with a lift, borehole and backup generator.',
    },
    houses: [
      { prefix: 'A', count: 8, type: 'twoBedroom', block: 'A', floors: 4 },
      { prefix: 'B', count: 6, type: 'threeBedroom', block: 'B', floors: 3 },
    ],
  },
  {
    key: 'RUA', owner: 'peter', caretaker: true,
    input: {
      name: 'Ruaka Gardens', code: 'RUA', kind: 'residential', county: 'kiambu', town: 'Ruaka',
      address: 'Limuru Road, behind Ruaka Square, Ruaka', billing_day: 1, due_day: 5, grace_days: 3,
      notes: 'Walk-up flats, five minutes from the Northern Bypass.',
    },
    houses: [
      { prefix: 'A', count: 6, type: 'bedsitter', block: 'A', floors: 3 },
      { prefix: 'B', count: 8, type: 'oneBedroom', block: 'B', floors: 4 },
      { prefix: 'C', count: 4, type: 'twoBedroom', block: 'C', floors: 2 },
    ],
  },
  {
    key: 'KAS', owner: 'umoja', aggregator: true, caretaker: true,
    input: {
      name: 'Mwiki Court', code: 'KAS', kind: 'mixed', county: 'nairobi', town: 'Kasarani',
      address: 'Mwiki Road, near Kasarani Stadium, Kasarani, Nairobi', billing_day: 1, due_day: 5, grace_days: 3,
      commission_rate: '12', notes: 'Shops on the ground floor facing Mwiki Road; flats above.',
    },
    houses: [
      { prefix: 'S', count: 4, type: 'shop', block: 'Ground' },
      { prefix: 'A', count: 8, type: 'oneBedroom', block: 'A', floors: 4 },
      { prefix: 'B', count: 6, type: 'twoBedroom', block: 'B', floors: 3 },
    ],
  },
  {
    key: 'SYO', owner: 'tujenge',
    input: {
      name: 'Katani Ridge', code: 'SYO', kind: 'mixed', county: 'machakos', town: 'Syokimau',
      address: 'Katani Road, 800 m from the Syokimau SGR station, Syokimau', billing_day: 1, due_day: 10, grace_days: 5,
      notes: 'Newer block; water from the county line and a 10,000-litre tank.',
    },
    houses: [
      { prefix: 'S', count: 4, type: 'shop', block: 'Ground' },
      { prefix: 'A', count: 6, type: 'twoBedroom', block: 'A', floors: 3 },
    ],
  },
];

export const WORK_ORDER_CATEGORIES = {
  plumbing: { name: 'Plumbing', description: 'Taps, pipes, drains, tanks, pumps and water heaters.' },
  electrical: { name: 'Electrical', description: 'Sockets, lighting, wiring, meters and security lights.' },
  carpentry: { name: 'Carpentry', description: 'Doors, locks, wardrobes, kitchen cabinets and shutters.' },
  painting: { name: 'Painting', description: 'Repainting between tenancies and touch-ups.' },
  masonry: { name: 'Masonry', description: 'Cracks, tiles, plaster and paving.' },
} as const;
export type CategoryKey = keyof typeof WORK_ORDER_CATEGORIES;

export const SERVICE_PROVIDERS = {
  majiSafi: {
    categories: ['plumbing'] as CategoryKey[],
    input: {
      name: 'Maji Safi Plumbers', phone: '+254728330915', email: 'majisafi@example.com', kra_pin: 'A009133471F',
      payout_method: 'mpesa', payout_mpesa_phone: '+254728330915', payout_account_name: 'Stephen Kamau',
      rate_notes: 'Call-out KES 1,000; labour KES 800 an hour; parts at cost.', rating: 5, active: true,
    },
  },
  umemeBora: {
    categories: ['electrical'] as CategoryKey[],
    input: {
      name: 'Umeme Bora Electricals', phone: '+254716842270', email: 'umemebora@example.com', kra_pin: 'P051803326J',
      payout_method: 'bank', payout_bank: 'Equity Bank', payout_bank_branch: 'Kasarani', payout_account_name: 'Umeme Bora Electricals',
      payout_account_number: '0760188214902', rate_notes: 'EPRA licensed (class A1). Call-out KES 1,500.', rating: 4, active: true,
    },
  },
  fundiMbao: {
    categories: ['carpentry', 'masonry'] as CategoryKey[],
    input: {
      name: 'Fundi Mbao Works', phone: '+254795061348', kra_pin: 'A008271905T',
      payout_method: 'mpesa', payout_mpesa_phone: '+254795061348', payout_account_name: 'Patrick Mutiso',
      rate_notes: 'Quotes per job; materials bought by us.', rating: 4, active: true,
    },
  },
  rangiMpya: {
    categories: ['painting', 'masonry'] as CategoryKey[],
    input: {
      name: 'Rangi Mpya Painters', phone: '+254112430887', email: 'rangimpya@example.com',
      payout_method: 'mpesa', payout_mpesa_phone: '+254112430887', payout_account_name: 'Moses Otieno',
      rate_notes: 'KES 180 per m² labour, paint supplied by us (Crown or Basco).', rating: 3, active: true,
    },
  },
  kwetuPests: {
    categories: [] as CategoryKey[],
    input: {
      name: 'Kwetu Pest Control', phone: '+254701228764', payout_method: 'mpesa', payout_mpesa_phone: '+254701228764',
      rate_notes: 'Fumigation KES 2,500 per unit.', rating: 3, active: false,
    },
  },
} as const;

/** Message templates, one (or more) per purpose; only the allowed placeholders. */
export const TEMPLATES = {
  reminder: {
    name: 'Rent reminder', channel: 'sms', purpose: 'reminder',
    body: 'Dear {tenant_name}, your rent balance for {house_number} at {property_name} is KES {balance}, due on {due_date}. Pay via M-Pesa Paybill {paybill}, account {account_code}. Thank you.',
  },
  reminderSw: {
    name: 'Kikumbusho cha kodi', channel: 'sms', purpose: 'reminder',
    body: 'Habari {tenant_name}, kodi ya nyumba {house_number} ni KES {balance}, ilipwe kabla ya {due_date}. Lipa kupitia Paybill {paybill}, akaunti {account_code}. Asante.',
  },
  receipt: {
    name: 'Payment receipt', channel: 'sms', purpose: 'receipt',
    body: 'Dear {tenant_name}, we have received KES {amount_paid} for {house_number}. Receipt {receipt_number}. Your balance is KES {balance}. Asante!',
  },
  invoice: {
    name: 'Monthly invoice', channel: 'email', purpose: 'invoice', subject: 'Your invoice for {house_number}, {property_name}',
    body: 'Dear {tenant_name},\n\nYour invoice for {house_number} at {property_name} is ready. Amount due: KES {balance}, by {due_date}.\n\nPay by M-Pesa: Paybill {paybill}, account number {account_code}.\n\nJirani Property Managers',
  },
  welcome: {
    name: 'Welcome new tenant', channel: 'sms', purpose: 'welcome',
    body: 'Karibu {tenant_name}! Welcome to {property_name}, house {house_number}. Pay rent by M-Pesa Paybill {paybill}, account {account_code}. For repairs call the caretaker.',
  },
  notice: {
    name: 'Notice acknowledgement', channel: 'sms', purpose: 'notice',
    body: 'Dear {tenant_name}, we have received your notice to vacate {house_number}. Please clear your balance of KES {balance} and book the exit inspection with the caretaker.',
  },
  other: {
    name: 'Water interruption', channel: 'sms', purpose: 'other',
    body: 'Dear {tenant_name}, water supply at {property_name} will be interrupted on Saturday from 9 am to 1 pm for tank cleaning. We regret any inconvenience.',
  },
} as const;
