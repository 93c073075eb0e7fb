// Run by the SIGKILL test as a child process: `node --import tsx slow-run.ts <url> <org> <period>`.
// Bills in small batches with a pause between them, so the parent can kill it half-way.
import { openDatabase } from '../../../../src/server/db/client.js';
import { runBilling } from '../../../../src/server/domain/billing/runs.js';

const [url, org, period] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: url, migrate: false });
await runBilling(database.db, org, period, { batchSize: 5, pauseMs: 60 });
await database.close();
console.log('finished');
