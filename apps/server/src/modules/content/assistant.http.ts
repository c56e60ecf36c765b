import type { FastifyInstance } from 'fastify';
import { aiTalkStream } from '@pinyou/contract';
import { envelope, messageFor, userIdOf, type Pipeline } from '../../core/http.ts';
import { DomainError } from '../../core/errors.ts';
import type { AssistantService } from './assistant.service.ts';

/**
 * POST /api/applet/aiTalkStream: the assistant's answer as server-sent events. The request passes the
 * API's own pipeline (signature, nonce, session, validation); refusals before the stream starts are the
 * usual JSON envelope. Closing the connection (the app's stop button) aborts the model call.
 */
export async function registerAssistantStream(
  app: FastifyInstance,
  pipeline: Pipeline,
  version: () => string,
  assistant: AssistantService,
) {
  app.post(aiTalkStream.path, async (req, reply) => {
    const admitted = await pipeline.admit(req, reply, aiTalkStream);
    if (!admitted) return reply;
    const { input, ctx } = admitted;
    const userId = userIdOf(ctx);
    let earlier;
    try {
      earlier = await assistant.admit(userId);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      return reply.code(200).send(envelope(e.code, messageFor(e.name, ctx.lang, e.params), version(), e.data));
    }
    const abort = new AbortController();
    reply.hijack();
    const res = reply.raw;
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    const send = (event: string, data: unknown) => {
      if (!res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    try {
      for await (const ev of assistant.ask(userId, input.message, ctx.lang, abort.signal, earlier)) {
        if (ev.event === 'error') {
          send('error', { code: ev.data.code, msg: messageFor(ev.data.code as 'CHAT_BUSY', ctx.lang) });
        } else send(ev.event, ev.data);
      }
    } catch (e) {
      req.log.error({ err: e, requestId: req.id }, 'assistant stream failed');
      send('error', { code: 'CHAT_BUSY', msg: messageFor('CHAT_BUSY', ctx.lang) });
    }
    res.end();
  });
}
