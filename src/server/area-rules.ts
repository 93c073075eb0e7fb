// The composition root's half of "one home per area": an area's server rules are the `hooks`
// export of src/server/areas/<area>.ts (or src/server/areas/<area>/index.ts), found here by the
// area's name when the server starts. A file there that names no area is refused, so a misspelt
// name fails the start instead of silently dropping the rules.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allDeclarations, resourceByName } from '../../resources/index.js';
import { resourceHooks, type ResourceHooks } from './crud/hooks.js';

export const AREAS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'areas');

let loaded: Promise<void> | undefined;

/** Idempotent: the app, the demo seed and the tests all call it; the files load once. */
export function loadAreaRules(): Promise<void> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<void> {
  for (const entry of readdirSync(AREAS_DIR)) {
    const name = entry.replace(/\.(ts|js)$/, '');
    if (!resourceByName(name)) throw new Error(`src/server/areas/${entry}: no area is named ${name} (resources/${name}.ts)`);
  }
  for (const r of allDeclarations) {
    const file = [`${r.name}.ts`, `${r.name}.js`, `${r.name}/index.ts`, `${r.name}/index.js`]
      .map((f) => path.join(AREAS_DIR, f)).find((f) => existsSync(f));
    if (!file) continue;
    const mod = await import(pathToFileURL(file).href) as { hooks?: ResourceHooks };
    if (!mod.hooks) throw new Error(`${path.relative(process.cwd(), file)}: exports no \`hooks\``);
    resourceHooks[r.name] = mod.hooks;
  }
}
