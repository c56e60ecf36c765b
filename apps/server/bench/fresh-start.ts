/**
 * `npm ci && npm start` on a fresh clone, timed to the first answer: the row for a newcomer's first
 * run. The clone is of the committed HEAD (uncommitted changes are not in it), in a temporary folder, with
 * npm's cache as this machine has it; `npm start` runs on the embedded database in the clone's own DATA_DIR,
 * without the bench's DATABASE_URL or REDIS_URL, as the README's "Run it" has it. `--only fresh-start` runs it alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './server-process.ts';

export const TARGET_FRESH_START_SECONDS = 60;
const START_TIMEOUT_MS = 240_000;

export interface FreshStart {
  commit: string;
  npmCiSeconds: number;
  startSeconds: number;
}

/** The environment of a person's shell: npm's own variables from `npm run bench` and the bench's databases left out. */
function plainEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && !['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PORT', 'HOST', 'NODE_ENV'].includes(k)) env[k] = v;
  return { ...env, PORT: String(port), HOST: '127.0.0.1' };
}

async function answered(port: number): Promise<boolean> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/ping`, { signal: AbortSignal.timeout(1_000) });
    return r.ok;
  } catch {
    return false;
  }
}

export async function measureFreshStart(root: string): Promise<FreshStart | { error: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinyou-fresh-'));
  const clone = path.join(dir, 'pinyou');
  try {
    const git = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { encoding: 'utf8' });
    if (git.status !== 0) return { error: `git clone failed: ${git.stderr.trim()}` };
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).stdout.trim();
    const port = await freePort();
    const env = plainEnv(port);

    const ciStarted = performance.now();
    const ci = spawnSync('npm', ['ci'], { cwd: clone, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const npmCiSeconds = (performance.now() - ciStarted) / 1000;
    if (ci.status !== 0) return { error: `npm ci failed: ${(ci.stderr || ci.stdout).trim().split('\n').slice(-5).join(' / ')}` };

    const startStarted = performance.now();
    // Its own process group, so the server that `npm start` spawns is stopped with it.
    const child = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (b: Buffer) => {
      output = (output + b.toString()).slice(-4_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let exitCode: number | null = null;
    child.on('exit', (code) => (exitCode = code ?? 1));
    try {
      while (!(await answered(port))) {
        if (exitCode !== null)
          return { error: `npm start exited (${exitCode}) before answering: ${output.trim().split('\n').slice(-5).join(' / ')}` };
        if (performance.now() - startStarted > START_TIMEOUT_MS)
          return { error: `npm start did not answer within ${START_TIMEOUT_MS / 1000} s` };
        await new Promise((r) => setTimeout(r, 100));
      }
      return { commit, npmCiSeconds, startSeconds: (performance.now() - startStarted) / 1000 };
    } finally {
      if (exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
        await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
