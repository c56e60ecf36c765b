import { mallSources, type MallSource } from '@pinyou/contract';
import type { Db, Tx } from '../../db/client.ts';

export interface MallSettings {
  sources: { source: MallSource; on: boolean; rebate_percent: number }[];
  pay_within_minutes: number;
  hot_keywords: string[];
}

/**
 * The mall's settings. Minimal stand-in (defaults) until the catalogue part's version (stored settings,
 * adminSaveMallSettings) is merged; the signature is the same.
 */
export async function getMallSettings(_db: Db | Tx): Promise<MallSettings> {
  return {
    sources: mallSources.map((source) => ({ source, on: true, rebate_percent: 0 })),
    pay_within_minutes: 30,
    hot_keywords: [],
  };
}
