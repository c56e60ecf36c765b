import { eq } from 'drizzle-orm';
import { mallSources, type MallSource } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';
import { mallSettingsTable } from './mall-catalogue.schema.ts';

/** The mall settings as the contract shows them (mallSettingsSchema). */
export interface MallSettings {
  sources: { source: MallSource; on: boolean; rebate_percent: number }[];
  pay_within_minutes: number;
  hot_keywords: string[];
}

/** Share of the platform's commission passed on to the customer as rebate, per source, by default. */
const defaultRebatePercent: Record<MallSource, number> = { jd: 5, taobao: 5, '1688': 3, pdd: 5, self: 0 };

export const DEFAULT_MALL_SETTINGS: MallSettings = {
  sources: mallSources.map((source) => ({ source, on: true, rebate_percent: defaultRebatePercent[source] })),
  pay_within_minutes: 30,
  hot_keywords: ['蓝牙耳机', '充电宝', '连衣裙', '零食', 'phone case', '保温杯', '运动鞋', '面膜'],
};

/** Fills what a stored value lacks (a source added later, an older row) from the defaults. */
export function normaliseMallSettings(v: Partial<MallSettings> | null | undefined): MallSettings {
  const stored = new Map((v?.sources ?? []).map((s) => [s.source, s]));
  return {
    sources: DEFAULT_MALL_SETTINGS.sources.map((d) => {
      const s = stored.get(d.source);
      return { source: d.source, on: s?.on ?? d.on, rebate_percent: s?.rebate_percent ?? d.rebate_percent };
    }),
    pay_within_minutes: v?.pay_within_minutes ?? DEFAULT_MALL_SETTINGS.pay_within_minutes,
    hot_keywords: v?.hot_keywords ?? [...DEFAULT_MALL_SETTINGS.hot_keywords],
  };
}

/** Today's mall settings (defaults until staff save them). Usable by any part of the mall, inside a transaction too. */
export async function getMallSettings(db: Db | Tx): Promise<MallSettings> {
  const [row] = await db.select().from(mallSettingsTable).where(eq(mallSettingsTable.id, 1));
  return normaliseMallSettings(row?.value as Partial<MallSettings> | undefined);
}

/** Stores the settings (the one row). */
export async function saveMallSettings(db: Db | Tx, value: MallSettings): Promise<MallSettings> {
  const v = normaliseMallSettings(value);
  await db
    .insert(mallSettingsTable)
    .values({ id: 1, value: v })
    .onConflictDoUpdate({ target: mallSettingsTable.id, set: { value: v, updatedAt: new Date() } });
  return v;
}

/** Whether customers may see and buy goods of this source. */
export function sourceOn(s: MallSettings, source: MallSource): boolean {
  return s.sources.find((x) => x.source === source)?.on ?? true;
}
