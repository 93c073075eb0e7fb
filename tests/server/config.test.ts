import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'keja-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8080);
    expect(c.appUrl).toBe('http://127.0.0.1:8080');
    expect(c.mailDriver).toBe('log');
    expect(c.databaseUrl).toBeUndefined();
    // quiet: no line per request unless asked for
    expect(c.logRequests).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, LOG_REQUESTS: '1' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'debug' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'debug', LOG_REQUESTS: '0' }).logRequests).toBe(false);
  });

  it('generates secrets once into DATA_DIR and reuses them', () => {
    const first = loadConfig({ DATA_DIR: dir }).appKey;
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(loadConfig({ DATA_DIR: dir }).appKey).toBe(first);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).APP_KEY).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, APP_KEY: 'given' }).appKey).toBe('given');
  });

  it('demo mode is on by default only with the embedded database', () => {
    expect(loadConfig({ DATA_DIR: dir }).demo).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x/y' }).demo).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x/y', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DEMO: '0' }).demo).toBe(false);
  });

  it('refuses an unknown mail driver', () => {
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_DRIVER: 'carrier-pigeon' })).toThrow(/MAIL_DRIVER/);
  });
});
