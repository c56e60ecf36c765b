import path from 'node:path';
import { loadEnv } from './env.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { demoLogins, demoStaff, seedDemo } from './seed/demo.ts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pglite') });
  await database.migrate();
  const { app, services, modules, jobs, close } = await buildApp({ env, database });
  await services.staff.ensureAdmin(env.ADMIN_PASSWORD, process.env.ADMIN_PASSWORD !== undefined);
  for (const m of modules) await m.start?.();
  const seeded = env.SEED_DEMO === '1' ? await seedDemo(services, modules) : false;
  await app.listen({ port: env.PORT, host: env.HOST });
  jobs.start();

  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const lines = [
    '',
    `Pinyou is running (${database.kind === 'pglite' ? `embedded PGlite in ${env.dataDir}` : 'PostgreSQL'})${seeded ? ', demo data loaded' : ''}`,
    `  Customer app  ${base}/`,
    `  Staff console ${base}/console/`,
    `  API docs      ${base}/api/docs`,
    '',
    'Demo logins:',
    ...demoLogins.map((d) => `  ${d.who.padEnd(26)} ${d.account} / ${d.password}`),
    `  ${'staff admin (console)'.padEnd(26)} admin / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : env.ADMIN_PASSWORD}`,
    ...demoStaff.map((d) => `  ${d.who.padEnd(26)} ${d.account} / ${d.password}`),
    '  Verification codes sent by the sandbox appear in the console under Outbox.',
    '',
  ];
  console.log(lines.join('\n'));

  const stop = async () => {
    await close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
