// A Keja server started by a test as its own process is a real server: without the test runner's
// markers (VITEST, NODE_ENV=test) in its environment, so its job workers, message sweep and
// schedulers run as they do in production (schedulerEnabled() turns them off under the tests).

export function serverEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'NODE_ENV' || k === 'TEST') delete env[k];
  return { ...env, ...extra };
}
