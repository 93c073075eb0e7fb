import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemo } from './demo/index.js';

const config = loadConfig();
const app = await buildApp({ config });

if (config.demo) {
  const login = await seedDemo(app.db, config.demoEmail, config.demoPassword);
  if (login) {
    app.log.info(`Demo organisation "${login.organization}" created.`);
    console.log(`\n  Demo login: ${login.email} / ${login.password}\n  (shown once: it is not stored anywhere readable)\n`);
  } else if (config.demoPassword) {
    console.log(`\n  Demo login: ${config.demoEmail} / ${config.demoPassword}\n`);
  }
}

await app.listen({ host: config.host, port: config.port });
console.log(`  Keja is running at ${config.appUrl}  (API docs: ${config.appUrl}/api/docs)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
