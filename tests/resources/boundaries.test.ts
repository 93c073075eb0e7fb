import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The two rules `npm run lint` keeps: the shared layers import no UI, server or database code,
// and no module imports itself through a circle (dependency-cruiser, .dependency-cruiser.cjs).

const root = path.resolve(import.meta.dirname, '../..');

describe('layer boundaries', () => {
  it('refuse React, MUI, Fastify and database drivers in resources/ and src/shared/', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const [file, code] of [
      ['resources/x-area.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
      ['src/shared/x.ts', "import Fastify from 'fastify';\nexport const x = Fastify;\n"],
      ['src/shared/y.ts', "import { PGlite } from '@electric-sql/pglite';\nexport const y = PGlite;\n"],
      ['resources/y-area.ts', "import { pgTable } from 'drizzle-orm/pg-core';\nexport const y = pgTable;\n"],
    ]) {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      expect(result.messages.map((m) => m.ruleId), file).toContain('no-restricted-imports');
    }
  });

  it('the circle check passes on the project and fails on a circle', () => {
    const run = (...args: string[]) => spawnSync(path.join(root, 'node_modules/.bin/depcruise'), [...args, '--config', path.join(root, '.dependency-cruiser.cjs')], { cwd: root, encoding: 'utf8' });
    const project = run('src', 'resources', 'scripts', 'tests', 'bench');
    expect(project.status, project.stdout + project.stderr).toBe(0);

    const dir = mkdtempSync(path.join(tmpdir(), 'keja-circle-'));
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a';\nexport const b: typeof a | null = null;\n");
    const circle = run(dir);
    expect(circle.status).not.toBe(0);
    expect(circle.stdout + circle.stderr).toContain('no-circular');
  }, 120_000);
});
