// What `npm run seed:scale` builds and `npm run bench` logs into: one place for both.
//
// SCALE_FACTOR (default 1) shrinks every count (at least 1 each): the benchmark's short mode
// (`npm run bench -- --short`, bench/short-mode.ts) seeds a small factor into its own database.

export const SCALE_FACTOR = Number(process.env.SCALE_FACTOR || 1);
export const SCALE_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/keja_scale';
export const SCALE_ORGANIZATION = 'Mega Estates Scale Ltd';
export const SCALE_EMAIL = process.env.SCALE_EMAIL || 'scale-admin@keja.test';
export const SCALE_PASSWORD = process.env.SCALE_PASSWORD || 'Nyumba-Kubwa-Scale-2026';

const scaled = (n: number) => Math.max(1, Math.round(n * SCALE_FACTOR));

/** The large organisation. */
export const SCALE = {
  owners: scaled(200),
  properties: scaled(250),
  houseTypes: 6,
  houses: scaled(5_000),
  tenants: scaled(20_000),
  /** One lease per tenant: the first `houses` active (one per house), the rest ended. */
  leases: scaled(20_000),
  /** Monthly invoices per lease: leases × months ≥ 200,000 (at factor 1). */
  months: 11,
};

/** The many small organisations around it. */
export const SMALL = {
  organizations: scaled(200),
  owners: 2,
  properties: 3,
  houses: 20,
  tenants: 30,
  months: 6,
};
