import pg from 'pg';

/** Creates the PostgreSQL database the URL names when it does not exist yet (benches log into their own). */
export async function ensureDatabase(target: string): Promise<void> {
  const name = decodeURIComponent(new URL(target).pathname.slice(1));
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}
