import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './catalogue.ts';

type Node = Record<string, unknown>;

/** Field names that hold an amount when written as a decimal string ("12.30"); sizes, counts and labels aside. */
const moneyWord = /(^|_)(amount|balance|price|total|fee|discount|refund|rebate|freight|cost|reward|payout|charge|value)(_|$)/;
const notMoney = /(_cbm|_kg|_g|_count|_no|_at|_text|_label|_type|_status|_id)$/;

/** Every place in an answer's JSON schema where an amount is not one Money object `{amount_minor, currency}`. */
function offences(node: unknown, path: string, out: string[]) {
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  const props = n.properties as Record<string, Node> | undefined;
  if (props) {
    const keys = Object.keys(props);
    const isMoney = keys.length === 2 && keys.includes('amount_minor') && keys.includes('currency');
    for (const [k, v] of Object.entries(props)) {
      if (!isMoney && k.endsWith('_minor')) out.push(`${path}.${k} is a flat *_minor number`);
      const types = [v.type, ...((v.anyOf as Node[] | undefined) ?? []).map((a) => a.type)].flat();
      if (moneyWord.test(k) && !notMoney.test(k) && !v.enum && types.includes('string'))
        out.push(`${path}.${k} is an amount written as a ${types.filter(Boolean).join('|')}`);
      offences(v, `${path}.${k}`, out);
    }
  }
  for (const key of ['items', 'additionalProperties'] as const) offences(n[key], `${path}[]`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const s of (n[key] as unknown[] | undefined) ?? []) offences(s, path, out);
  for (const [name, def] of Object.entries((n.$defs as Record<string, unknown> | undefined) ?? {})) offences(def, `${path}#${name}`, out);
}

describe('one money shape on the wire', () => {
  it('every amount in every answer of every domain is a Money object, never a flat *_minor or a decimal string', () => {
    // Batch-declaration rows echo the spreadsheet's cells as typed, so a refused row shows what the person wrote.
    const rawCells = ['parcels.batchCreateOrder.rows[].goods_value', 'parcels.batchGetDetail.rows[].goods_value'];
    const found: string[] = [];
    for (const { domain, name, def } of allEndpoints()) {
      offences(z.toJSONSchema(def.response, { io: 'output', unrepresentable: 'any' }), `${domain}.${name}`, found);
    }
    expect(found.filter((f) => !rawCells.some((c) => f.startsWith(`${c} `)))).toEqual([]);
  });

  it('finds a flat amount and a decimal-string amount when one is there (the walk itself works)', () => {
    const found: string[] = [];
    const bad = z.object({ list: z.array(z.object({ total_minor: z.number().int(), price: z.string().nullable() })) });
    offences(z.toJSONSchema(bad), 'x', found);
    expect(found).toEqual(['x.list[].total_minor is a flat *_minor number', 'x.list[].price is an amount written as a string|null']);
  });
});
