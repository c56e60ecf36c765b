import type { FastifyInstance } from 'fastify';
import type { TrackingService } from './tracking.service.ts';

/**
 * POST /api/tracking/push/<provider>: the tracking service's pushes, public (the service signs them). The body
 * is kept as it came (JSON for 17TRACK and the sandbox, a form for Kuaidi100), since the signature is over
 * those bytes. A push that fails verification is answered 401 with the reason, never a 5xx (the service
 * would retry it forever); a verified one gets the answer the service expects, even for numbers we do not know.
 */
export async function registerTrackingPush(app: FastifyInstance, tracking: TrackingService) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/api/tracking/push/:provider', async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const outcome = await tracking.handlePush(req.params.provider, req.headers as Record<string, unknown>, raw);
      if (outcome.status === 'refused') {
        const code = outcome.reason.startsWith('unknown tracking provider') ? 404 : 401;
        return reply.code(code).send({ ok: false, message: `Tracking push refused: ${outcome.reason}` });
      }
      const answer = tracking.provider.pushAnswer();
      return reply.code(answer.status).send(answer.body);
    });
  });
}
