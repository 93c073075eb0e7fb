import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database for this run (TEST_DATABASE_URL set). */
    databaseUrl: string;
    /** Otherwise: a dump of a migrated PGlite, so each file starts in well under a second. */
    pgliteDump: string;
  }
}

/** Migrates once per run: a fresh PostgreSQL database per run, or a PGlite template. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `keja_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.close();
    project.provide('databaseUrl', url.toString());
    project.provide('pgliteDump', '');
    return async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keja-test-'));
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('databaseUrl', '');
  project.provide('pgliteDump', file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    // said last, under the summary's "skipped" count, so no one wonders what was left out
    process.stdout.write('\nSkipped: the tests marked "(PostgreSQL only)" need several real connections at once (concurrent billing runs, payments and writers); the embedded PGlite has one. Run them with `npm run test:pg`.\n');
  };
}
