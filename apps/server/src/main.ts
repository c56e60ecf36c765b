import { loadEnv } from './env.ts';
import { migrateOnly, startServer } from './server.ts';
import { DataDirInUseError } from './core/data-dir-lock.ts';
import { demoLogins, demoStaff } from './seed/demo.ts';

// node dist/main.js [--check-config | --migrate [--quiet]]
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  if (process.argv.includes('--check-config')) return;
  if (process.argv.includes('--migrate')) {
    await migrateOnly(env);
    if (!process.argv.includes('--quiet')) console.log('Migrations applied.');
    return;
  }
  // Listen before starting: a SIGTERM that lands while we start up (or just after the banner, before a
  // later line could register) must still drain and free the data folder, not kill us with the lock held.
  const running: { server?: Awaited<ReturnType<typeof startServer>> } = {};
  let stopSignal: string | undefined;
  const drain = (server: NonNullable<typeof running.server>) => {
    server.app.log.info(`${stopSignal}: draining`);
    server
      .shutdown()
      .then(() => process.exit(0))
      .catch((e) => {
        console.error(e);
        process.exit(1);
      });
  };
  const stop = (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    if (running.server) drain(running.server);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  const server = await startServer(env, { adminPasswordGiven: process.env.ADMIN_PASSWORD !== undefined });
  running.server = server;
  const { database, seeded } = server;

  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const lines = [
    '',
    `Pinyou is running (${database.kind === 'pglite' ? `embedded PGlite in ${env.dataDir}` : 'PostgreSQL'})${seeded ? ', demo data loaded' : ''}`,
    `  Customer app  ${base}/`,
    `  Staff console ${base}/console/`,
    `  API docs      ${base}/api/docs`,
    `  Health        ${base}/api/health/ready`,
    '',
  ];
  if (env.SEED_DEMO === '1')
    lines.push(
      'Demo logins:',
      ...demoLogins.map((d) => `  ${d.who.padEnd(26)} ${d.account} / ${d.password}`),
      `  ${'staff admin (console)'.padEnd(26)} admin / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : env.ADMIN_PASSWORD}`,
      ...demoStaff.map((d) => `  ${d.who.padEnd(26)} ${d.account} / ${d.password}`),
      '  Verification codes sent by the sandbox appear in the console under Outbox.',
      '',
    );
  console.log(lines.join('\n'));

  if (stopSignal) drain(server);
}

main().catch((e) => {
  console.error(e instanceof DataDirInUseError ? e.message : e);
  process.exit(1);
});
