import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 8080, TRUST_PROXY_HOPS: 0, RATE_LIMIT_PER_MINUTE: 1200, SEED_DEMO: '1' });
    expect(path.isAbsolute(env.dataDir)).toBe(true);
    expect(env.uploadsDir).toBe(path.join(env.dataDir, 'uploads'));
    expect(loadEnv({ NODE_ENV: 'test' }).RATE_LIMIT_PER_MINUTE).toBe(100_000);
    expect(env.SESSION_CACHE_SECONDS).toBe(30);
    expect(loadEnv({ NODE_ENV: 'test' }).SESSION_CACHE_SECONDS).toBe(0);
    expect(loadEnv({ NODE_ENV: 'test', SESSION_CACHE_SECONDS: '5' }).SESSION_CACHE_SECONDS).toBe(5);
    expect(loadEnv({ NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '25' }).RATE_LIMIT_PER_MINUTE).toBe(25);
    expect(loadEnv({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({ DATABASE_URL: undefined, REDIS_URL: undefined });
    expect(loadEnv({ DATABASE_URL: 'postgresql://u@h:5432/db' }).DATABASE_URL).toBe('postgresql://u@h:5432/db');
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SIGN_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://root@localhost/pinyou'],
    ['REDIS_URL', 'localhost:6379'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_PER_MINUTE', 'lots'],
    ['DATABASE_POOL_SIZE', '0'],
    ['TRUST_PROXY_HOPS', '-1'],
    ['SESSION_CACHE_SECONDS', '3600'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
  ])('%s=%s is refused with a message naming it', (name, value) => {
    let message = '';
    try {
      loadEnv({ [name]: value });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain(`  ${name}: `);
    expect(message.split('\n')).toHaveLength(2);
  });

  it('names every bad variable at once', () => {
    expect(() => loadEnv({ PORT: 'abc', SIGN_SECRET: 'short', DATABASE_URL: 'sqlite://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SIGN_SECRET|PORT[\s\S]*SIGN_SECRET[\s\S]*DATABASE_URL/,
    );
  });
});

describe('server start with a bad configuration', () => {
  it('prints the message without a stack trace and exits 1', () => {
    const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
    const res = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, PORT: 'abc', SIGN_SECRET: 'short', DATA_DIR: os.tmpdir() },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration:');
    expect(res.stderr).toContain('  PORT: ');
    expect(res.stderr).toContain('  SIGN_SECRET: must be at least 16 characters');
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stdout).not.toContain('Pinyou is running');
  });
});
