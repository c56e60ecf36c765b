/** Small helpers the API tests share (one copy here instead of one per file). */
import { expect } from 'vitest';
import { contract, minorToDecimal, rateCardPrices, type RateCard } from '@pinyou/contract';
import type { TestApp } from './harness.ts';

/** The data of an answer that must have succeeded (the failure names the code's message). */
export async function ok<T = any>(p: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const r = await p;
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

/** A new staff member of a role, logged in through the API: their session token. */
export async function staffLogin(t: TestApp, role: string, account: string, opts: { name?: string; password?: string } = {}) {
  const password = opts.password ?? 'staffpass1';
  await t.services.staff.createStaff(account, opts.name ?? 'Staff', role as never, password);
  return (await ok(t.call(contract.admin.adminLogin, { account, password }))).token as string;
}

/** A rate card as staff would submit it from the edit form: each price typed in S$ ("2.10"). */
export function rateCardForm(card: RateCard, overrides: Partial<Record<(typeof rateCardPrices)[number], number>> = {}) {
  const prices = Object.fromEntries(rateCardPrices.map((k) => [k, minorToDecimal(overrides[k] ?? card[k].amount_minor)]));
  return { id: card.id, mode: card.mode, category: card.category, active: card.active, ...prices };
}
