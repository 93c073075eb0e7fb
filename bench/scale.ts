// What `npm run seed:scale` builds and `npm run bench` logs into: one place for both.

export const SCALE_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/keja_scale';
export const SCALE_ORGANIZATION = 'Mega Estates Scale Ltd';
export const SCALE_EMAIL = process.env.SCALE_EMAIL || 'scale-admin@keja.test';
export const SCALE_PASSWORD = process.env.SCALE_PASSWORD || 'Nyumba-Kubwa-Scale-2026';

/** The large organisation. */
export const SCALE = {
  owners: 200,
  properties: 250,
  houseTypes: 6,
  houses: 5_000,
  tenants: 20_000,
  /** One lease per tenant: the first `houses` active (one per house), the rest ended. */
  leases: 20_000,
  /** Monthly invoices per lease: leases × months ≥ 200,000. */
  months: 11,
};

/** The many small organisations around it. */
export const SMALL = {
  organizations: 200,
  owners: 2,
  properties: 3,
  houses: 20,
  tenants: 30,
  months: 6,
};
