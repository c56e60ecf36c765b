import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/**
 * For load balancers and orchestrators, unsigned and outside the envelope:
 * live: the process answers. ready: the database answers and every migration is applied, and the server
 * is not draining (after SIGTERM it says 503 so traffic moves away while requests in flight finish).
 */
export function registerHealth(app: FastifyInstance, database: Database, draining: () => boolean) {
  app.get('/api/health/live', async () => ({ status: 'live' }));
  app.get('/api/health/ready', async (_req, reply) => {
    if (draining()) return reply.code(503).send({ status: 'draining' });
    try {
      await database.db.execute(sql`select 1`);
      const pending = await database.pendingMigrations();
      if (pending > 0) return reply.code(503).send({ status: 'migrating', pending });
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'readiness: database unreachable');
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
}
