import type { Scenario } from '../scenario.ts';

export const scenario: Scenario = {
  name: 'hello-world /api/ping',
  description: 'Unsigned liveness route: Fastify with the same plugins (helmet, multipart, static), no pipeline',
  order: 10,
  baseline: true,
  request: () => ({ method: 'GET', path: '/api/ping' }),
};
