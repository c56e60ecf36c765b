/** Shared set-up of the content API tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ok } from '../../test/fixtures.ts';
import type { Providers } from '../../providers/providers.ts';
import * as accountRepo from '../account/account.repository.ts';
import { seedArticles } from './content.seed.ts';

export const C = contract.content;
export const CA = contract.contentAdmin;

export async function app(providers: Partial<Providers> = {}) {
  return createTestApp({ providers });
}

let seq = 0;
export async function customer(t: TestApp, roles: string[] = ['user'], phone?: string) {
  seq++;
  const u = await accountRepo.insertUser(t.services.db, {
    userAccount: `c${seq}${randomBytes(2).toString('hex')}`,
    nickname: `Customer ${seq}`,
    roles,
    phone: phone ?? null,
  });
  const s = await t.services.sessions.issueForUser(t.services.db, u.id, 'user', { ip: '1', userAgent: '' });
  return { id: u.id, token: s.token, account: u.userAccount };
}

export async function staff(t: TestApp, role: 'content' | 'service' | 'warehouse' | 'finance') {
  seq++;
  await t.services.staff.createStaff(`st${seq}`, `Staff ${seq}`, role, 'staff12345');
  const res = await t.call(contract.admin.adminLogin, { account: `st${seq}`, password: 'staff12345' });
  expect(res.code, res.msg).toBe(0);
  return res.data.token as string;
}

export { ok };

/** The seeded rules and guides, published an hour ago. */
export async function seedKnowledge(t: TestApp) {
  const ids: Record<string, number> = {};
  for (const a of seedArticles) {
    const row = await t.services.content.saveArticle({ ...a, cover: '' });
    await t.services.content.publish('article', row.id, true, new Date(Date.now() - 3600_000).toISOString());
    ids[a.slug] = row.id;
  }
  return ids;
}

/** Posts to the assistant's stream and reads the server-sent events (inject: the whole body). */
export async function askInjected(t: TestApp, token: string, message: string, lang: 'en' | 'zh_CN' = 'en') {
  const res = await t.request({ path: '/api/applet/aiTalkStream' }, { message }, { token, lang });
  if (!String(res.headers['content-type']).startsWith('text/event-stream'))
    return { envelope: res.json(), events: [] as Array<{ event: string; data: any }> };
  return { envelope: null, events: parseSse(res.body) };
}

export function parseSse(body: string) {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((b) => {
      const event = /^event: (.*)$/m.exec(b)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(b)?.[1] ?? 'null');
      return { event, data };
    });
}

export const answerOf = (events: Array<{ event: string; data: any }>) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
