// Run as a child process by the billing concurrency tests:
// `node --import tsx slow-run.ts <url> <org> <period> [batchSize=5] [pauseMs=60]`.
// Bills in small batches with a pause between them (so a parent can kill it half-way, or run
// another process beside it), then prints the run's outcome as JSON.
import { openDatabase } from '../../../../src/server/db/client.js';
import { runBilling } from '../../../../src/server/domain/billing/runs.js';

const [url, org, period, batchSize = '5', pauseMs = '60'] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: url, migrate: false });
const run = await runBilling(database.app, org, period, { batchSize: Number(batchSize), pauseMs: Number(pauseMs) });
await database.close();
console.log(JSON.stringify({ status: run.status, made: run.made, skipped: run.skipped }));
