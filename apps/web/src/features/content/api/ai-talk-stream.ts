import { AI_TALK_STREAM_PATH, type ChatMessage } from '@pinyou/contract';
import { api } from '../../../lib/api.ts';

export type StreamEvent =
  | { event: 'start'; data: { user_message: ChatMessage } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { message: ChatMessage | null; handed_over: boolean } }
  | { event: 'error'; data: { code: string | number; msg: string } };

/**
 * Asks the assistant and reads its answer as server-sent events. A refusal before the stream starts
 * (rate limit, hand-over, validation) comes as the usual envelope and is turned into an 'error' event.
 * Aborting `signal` (the stop button) closes the connection, which stops the model on the server.
 */
export async function askAssistant(message: string, signal: AbortSignal, onEvent: (e: StreamEvent) => void) {
  const res = await api.stream(AI_TALK_STREAM_PATH, { message }, signal);
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const env = (await res.json()) as { code: number; msg: string };
    onEvent({ event: 'error', data: { code: env.code, msg: env.msg } });
    return;
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) onEvent({ event, data: JSON.parse(data) } as StreamEvent);
      }
    }
  } catch (e) {
    if (!signal.aborted) throw e;
  }
}
