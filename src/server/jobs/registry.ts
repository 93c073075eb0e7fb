import type { Jobs } from './jobs.js';

// Record hooks (crud/hooks.ts) and domain code run inside the generic repository, which knows
// nothing of the app: the app registers its job queue here when it starts (app.ts). Without one
// (a script), a message written stays queued and the next server's sweep sends it.
let current: Jobs | null = null;

export function configureJobs(jobs: Jobs | null): void {
  current = jobs;
}

export function currentJobs(): Jobs | null {
  return current;
}
