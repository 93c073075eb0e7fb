// How long the demo organisation takes to create on an empty embedded database:
// `npx tsx scripts/demo-load-time.ts [months]` (DATA_DIR=… to use a folder as the server does).
import { openDatabase } from '../src/server/db/client.ts';
import { DEMO_HISTORY_MONTHS, seedDemo } from '../src/server/demo/index.ts';

const months = Number(process.argv[2]) || DEMO_HISTORY_MONTHS;
const database = await openDatabase({ dataDir: process.env.DATA_DIR || undefined });
const started = performance.now();
const cpu = process.cpuUsage();
const login = await seedDemo(database.db, 'demo@keja.test', 'Demo-Password-2026', { historyMonths: months });
const used = process.cpuUsage(cpu);
await database.close();
if (!login) throw new Error('the database already has users: the demo is only created on an empty one');
console.log(`demo with ${months} months of history: ${Math.round(performance.now() - started)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU`);
