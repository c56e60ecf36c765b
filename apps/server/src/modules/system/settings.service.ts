import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_OFFICIAL_ACCOUNT_QR,
  defaultGstRates,
  defaultInsuranceTerms,
  defaultStoragePolicy,
  insuranceSettingsOf,
  sgd,
  systemSettingsSchema,
  type SystemSettings,
  type SystemSettingsValue,
} from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { settings } from './system.schema.ts';
import { DomainError } from '../../core/errors.ts';
import type { AuditPort } from '../audit/index.ts';

/** Settings that route customers' money: where they pay (PayNow, bank), how much, at what rate. */
const MONEY_FIELDS = ['exchange_rate', 'gst_rates', 'storage_policy', 'insurance_terms', 'recharge'] as const;
/** Staff roles that may change them (administrators and finance). */
const MONEY_ROLES = ['admin', 'finance'];

const KEY = 'system';

/** The settings as stored: the answer's shape with the largest top-up in SGD minor units. */
const storedSettingsSchema = systemSettingsSchema.extend({
  recharge: systemSettingsSchema.shape.recharge.extend({ max_amount: z.number().int().positive() }),
});

/** The settings on the wire (getSystemSetting, getSettings, saveSettings): the largest top-up as Money. */
export const settingsView = (v: SystemSettingsValue): SystemSettings => ({
  ...v,
  recharge: { ...v.recharge, max_amount: sgd(v.recharge.max_amount) },
});

/** What a fresh installation starts with; staff change it in the console. */
export const defaultSettings: SystemSettingsValue = {
  exchange_rate: '5.3200',
  gst_rates: defaultGstRates,
  storage_policy: defaultStoragePolicy,
  insurance_terms: insuranceSettingsOf(defaultInsuranceTerms),
  warehouse: {
    name: 'Pinyou Guangzhou Warehouse',
    receiver: '拼邮仓库',
    phone: '13800138000',
    province: '广东省',
    city: '广州市',
    district: '白云区',
    address: '太和镇大源北路88号 拼邮集运仓 (请在收件人后写上您的ID)',
    postcode: '510450',
  },
  service: {
    wechat: 'pinyou_sg',
    whatsapp: '+65 8123 4567',
    phone: '+65 6123 4567',
    email: 'help@pinyou.sg',
    hours: { en: 'Mon–Sat 10:00–19:00 (SGT)', zh_CN: '周一至周六 10:00–19:00（新加坡时间）' },
  },
  notice: {
    en: 'Sea freight to Singapore: 7–14 working days. Write your ID after the receiver name on every order.',
    zh_CN: '海运到新加坡约7–14个工作日。下单时请在收件人后填写您的ID。',
  },
  recharge: {
    max_amount: 1_000_000,
    paynow_uen: '202412345K',
    paynow_name: 'PINYOU PTE LTD',
    bank: { name: 'DBS Bank', account_name: 'PINYOU PTE LTD', account_no: '072-123456-7' },
  },
  official_account: { name: '拼邮新加坡', qr_url: DEFAULT_OFFICIAL_ACCOUNT_QR },
};

/** System settings; read often, changed rarely, so the value is cached briefly per process. */
export class SettingsService {
  private cache: { value: SystemSettingsValue; at: number } | null = null;
  constructor(
    private readonly db: Db,
    private readonly cacheMs = 5000,
    private readonly audit?: AuditPort,
  ) {}

  async get(): Promise<SystemSettingsValue> {
    if (this.cache && Date.now() - this.cache.at < this.cacheMs) return this.cache.value;
    const [row] = await this.db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
    const parsed = row ? storedSettingsSchema.safeParse({ ...defaultSettings, ...(row.value as object) }) : null;
    const value = parsed?.success ? parsed.data : defaultSettings;
    // Settings saved before there was a default QR image (or with the field cleared) show the default.
    if (!value.official_account.qr_url) value.official_account = { ...value.official_account, qr_url: DEFAULT_OFFICIAL_ACCOUNT_QR };
    this.cache = { value, at: Date.now() };
    return value;
  }

  /**
   * Replaces the settings. `staffRole` null is the system itself (seeds); a staff member who is neither
   * administrator nor finance may save the rest but not change a money-routing field.
   */
  async save(value: SystemSettingsValue, staffId: number | null, staffRole: string | null = null) {
    this.cache = null;
    const before = await this.get();
    // A client that does not know the GST rates keeps the ones saved.
    if (!value.gst_rates) value = { ...value, gst_rates: before.gst_rates };
    // Likewise the storage policy.
    if (!value.storage_policy) value = { ...value, storage_policy: before.storage_policy };
    // And the insurance terms.
    if (!value.insurance_terms) value = { ...value, insurance_terms: before.insurance_terms };
    if (staffRole !== null && !MONEY_ROLES.includes(staffRole)) {
      const changed = MONEY_FIELDS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(value[k]));
      if (changed.length) throw new DomainError('MONEY_SETTINGS_ROLE');
    }
    await this.db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ key: KEY, value, updatedBy: staffId })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date(), updatedBy: staffId } });
      if (staffId !== null)
        await this.audit?.record(tx, { action: 'admin/saveSettings', objectType: 'settings', objectId: KEY, before, after: value });
    });
    this.cache = null;
    return value;
  }

  /** A value kept under its own key (e.g. a list staff edit), or the fallback when unset or no longer valid. */
  async getValue<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, key)).limit(1);
    const parsed = row ? schema.safeParse(row.value) : null;
    return parsed?.success ? parsed.data : fallback;
  }

  /** Replaces a value kept under its own key, audited as `action` when a staff member saves it. */
  async saveValue<T>(key: string, value: T, staffId: number | null, action: string, before: T) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ key, value, updatedBy: staffId })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date(), updatedBy: staffId } });
      if (staffId !== null) await this.audit?.record(tx, { action, objectType: 'settings', objectId: key, before, after: value });
    });
    return value;
  }

  /** A server-only value kept in the settings table (never part of the public system settings), created once. */
  async secret(key: string, fresh: string): Promise<string> {
    await this.db.insert(settings).values({ key, value: fresh }).onConflictDoNothing();
    const [row] = await this.db.select().from(settings).where(eq(settings.key, key)).limit(1);
    return String(row.value);
  }
}
