import { aiTalkStream } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

/** The demo data brings the published articles the offline model answers from. */
const env = { SEED_DEMO: '1', ALLOW_DEMO_SEED: '1', BENCH_SEED: JSON.stringify({ assistant: { users: 1000 } }) };

/** Questions the offline model answers from the articles or the customer's own data, in both languages. */
const questions = [
  'Can I send a power bank by air?',
  '空运可以寄充电宝吗？',
  'How much do I owe?',
  '我还有多少账单要付？',
  'Where are my parcels?',
  'How much to ship 3 kg 40x30x20 by sea?',
  'How is the chargeable weight calculated?',
  '海运要多久？',
];

interface State {
  tokens: string[];
  turn: number;
}

/**
 * The assistant's streamed answer (aiTalkStream) with the offline model, measured to the end of the stream.
 * Each customer may ask 10 questions a minute, so 1,000 customers take turns (enough for runs of well over
 * 10 s at the rates seen; a refused question fails the run rather than passing unnoticed).
 */
export const scenario: Scenario<State> = {
  name: 'assistant offline answer',
  description: 'aiTalkStream with the offline (no language model) answerer: articles and the customer’s own data, streamed',
  order: 80,
  env,
  setup: async (server) => ({ tokens: server.seed.assistant.tokens, turn: 0 }),
  request: (st, server) => {
    const n = st.turn++;
    const token = st.tokens[n % st.tokens.length];
    return signedCall(aiTalkStream, server, { message: questions[(n + Math.floor(n / st.tokens.length)) % questions.length] }, token);
  },
  ok: (body) => body.startsWith('event: start') && body.includes('event: done') && body.includes('"handed_over":false'),
};
