// readings: its server rules (found by this file's name, src/server/area-rules.ts). The rules
// themselves live in the domain; this file is only where the area picks them up.
export { readingHooks as hooks } from '../domain/meters.js';
