/** Business constants and limits (spec §9). */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;

export const timing = {
  requestTimeoutMs: 30_000,
  uploadTimeoutMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  asyncPageDelayMs: 200,
  asyncPageTimeoutMs: 60_000,
  wechatLoginTimeoutMs: 3_000,
  toastMs: 2_000,
  debounceMs: 500,
  swiperIntervalMs: 3_000,
  codeResendSeconds: 60,
} as const;

export const design = { widthRpx: 750, baseWidthPx: 375, minWidthPx: 320, maxWidthPx: 480 } as const;
export const datePickerYears = 10;
export const sessionTtlDays = 30;
export const staffSessionTtlHours = 12;

export const tabBar = { selectedColor: '#197CFF', color: '#7A7E83' } as const;

export const parcelSize = {
  smallMaxSumOfSidesCm: 180,
  smallMaxVolumeCbm: 0.4,
  smallMaxWeightKg: 30,
  bigBandsCbm: [0.4, 1] as const,
  oversizePieceKg: 500,
  oversizeSideCm: 400,
  oversizeTwoSidesCm: 200,
  oversizeSurchargeSgdMinor: 28_000,
  specialClearanceSgdMinor: 5_000,
} as const;

export const returns = { firstPieceRmbMinor: 3_000, nextPieceRmbMinor: 1_000, freeForLeaders: true } as const;

export const payment = { manualReviewWorkingDays: 1, instantPaymentSwitchAfterMinutes: 3 } as const;

export const mall = {
  jdFreeShippingOverRmbMinor: 5_900,
  rebateMinimum: 0.06,
  seaDeliveryWorkingDays: [7, 14] as const,
  // §9 gives 4–7 for Chinese; the mall issue settles on one figure, 3–7, in both languages.
  airDeliveryWorkingDays: [3, 7] as const,
  contactServiceAboveKg: 100,
} as const;

export const packingPatterns = ['once', 'weekly', 'biweekly', 'triweekly', 'monthly'] as const;
export const effectiveLeader = { minVolumeCbm: 1, minMembersExclusive: 3 } as const;

export const currencies = ['SGD', 'RMB'] as const;
export type Currency = (typeof currencies)[number];

// Plain values the customer app uses that belong to domains whose modules also build zod schemas: they live
// here, so importing them does not bring those schemas (and zod) into the app's bundle.

/** The version of the terms of service and privacy policy shown at registration; stored with the consent. */
export const TERMS_VERSION = '2026-11-23';

/** The official-account image shown until staff set the account's own QR code (served by the web app). */
export const DEFAULT_OFFICIAL_ACCOUNT_QR = '/official-account.svg';

export const notificationChannels = ['sms', 'email', 'wechat', 'whatsapp', 'telegram'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
/** Channels a user must first join (WhatsApp opt-in, a linked Telegram chat) before a kind may use them. */
export const consentChannels = ['whatsapp', 'telegram'] as const satisfies readonly NotificationChannel[];

/** Packing patterns (§9): one-time, weekly, every 2 weeks, every 3 weeks, monthly (the weekday's n-th occurrence). */
export const packPatterns = packingPatterns;
export type PackPattern = (typeof packPatterns)[number];
