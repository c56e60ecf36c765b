import pg from 'pg';

/** Runs one statement on the server of `url` (create/drop database cannot run in a pool's transaction). */
export async function adminQuery(url: string, query: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** The same server's URL for another database. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
