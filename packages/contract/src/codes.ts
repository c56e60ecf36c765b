/**
 * The envelope's code table. The client reacts to ranges, so the numbers are part of the wire protocol:
 * - 0 success;
 * - 2 / 3 the session token is expired / revoked: the client drops the token silently
 *   (on an optional-login call it then repeats the call without the token);
 * - 99 a failure the client shows nothing for;
 * - 401 (with HTTP 401) a call that needs login was made without a valid session;
 * - 404 / 500 (with HTTP 404 / 500) unknown path / unexpected failure;
 * - 666 and above: the page's object is gone or forbidden: the client shows the message, then goes back;
 * - every other code carries a message the client shows in a blocking 'Tip' modal.
 *
 * So every business failure that should just be explained must be below 666. Ranges:
 * 10-19 protocol and input, 100-199 account, 200-299 wallet, 300-399 parcels, 400-499 groups
 * (not 401/404), 500-599 mall (not 500), 600-665 content; 666+ only for 'gone or forbidden'.
 */
import { platformCodes } from './domains/platform.codes.ts';
import { groupsCodes } from './domains/groups.codes.ts';
import { mallCodes } from './domains/mall.codes.ts';
import { contentCodes } from './domains/content.codes.ts';

export const Code = {
  OK: 0,
  FAILED: 1,
  TOKEN_EXPIRED: 2,
  TOKEN_REVOKED: 3,
  SILENT: 99,
  LOGIN_REQUIRED: 401,
  PATH_NOT_FOUND: 404,
  INTERNAL: 500,

  VALIDATION: 10,
  PAYLOAD_TOO_LARGE: 11,
  BAD_FILE: 12,

  SIGN_MISSING: 13,
  SIGN_INVALID: 14,
  TIMESTAMP_STALE: 15,
  NONCE_REPLAY: 16,

  RATE_LIMITED: 17,

  ACCOUNT_EXISTS: 101,
  PHONE_TAKEN: 102,
  EMAIL_TAKEN: 103,
  BAD_CREDENTIALS: 104,
  CODE_INVALID: 105,
  CODE_EXPIRED: 106,
  CODE_TOO_MANY_TRIES: 107,
  CODE_RESEND_TOO_SOON: 108,
  CODE_HOURLY_CAP: 109,
  PASSWORD_MISMATCH: 110,
  ACCOUNT_NOT_FOUND: 111,
  REGISTER_TOKEN_INVALID: 112,
  WECHAT_LOGIN_FAILED: 113,
  ACCOUNT_ALREADY_LINKED: 114,
  CANNOT_LINK_SELF: 115,
  ROLE_NOT_HELD: 116,
  OLD_PASSWORD_WRONG: 117,
  MEMBER_SESSION: 118,
  ACCOUNT_DISABLED: 119,
  ADDRESS_LIMIT: 120,
  WECHAT_ALREADY_BOUND: 121,
  MESSAGE_NOT_SENT: 122,
  ACCOUNT_LOCKED: 123,
  MONEY_SETTINGS_ROLE: 124,
  TERMS_NOT_ACCEPTED: 125,
  LAST_ADMIN: 126,
  REFERRER_NOT_FOUND: 127,

  INSUFFICIENT_BALANCE: 201,
  NO_PAYABLE_BILLS: 202,
  BILL_EXPIRED: 203,
  BILL_NOT_PAYABLE: 204,
  IDEMPOTENCY_MISMATCH: 205,
  COUPON_UNAVAILABLE: 206,
  COUPON_NOT_APPLICABLE: 207,
  COUPON_CODE_INVALID: 208,
  COUPON_ALREADY_CLAIMED: 209,
  COUPON_SOLD_OUT: 210,
  PAY_ON_BEHALF_REFUSED: 211,
  RECHARGE_TOO_LARGE: 212,
  RECHARGE_NOT_PENDING: 213,
  PAYMENT_FAILED: 214,
  PAYMENT_CANCELLED: 215,
  PAYMENT_IN_PROGRESS: 216,
  BILL_NOT_REFUNDABLE: 217,
  WECHAT_OPENID_REQUIRED: 218,
  STAFF_ROLE_REQUIRED: 219,

  // Parcels, packs, returns (300-399)
  TRACKING_TAKEN: 300,
  TRACKING_ALREADY_DECLARED: 301,
  PARCEL_NOT_PENDING: 302,
  PARCEL_NOT_IN_WAREHOUSE: 303,
  PARCEL_NEEDS_EDIT: 304,
  DEFAULT_ADDRESS_REQUIRED: 306,
  PACK_DATE_TOO_EARLY: 307,
  PACK_DATE_HOLIDAY: 308,
  PACK_STATE: 309,
  RETURN_STATE: 310,
  GOODS_VALUE_TOO_LOW: 311,
  NOT_LOW_VALUE: 312,
  BATCH_FILE_INVALID: 313,
  BATCH_FILE_TOO_MANY_ROWS: 314,
  STAGE_ORDER: 315,
  BATCH_STATE: 316,
  CLAIM_MISMATCH: 317,
  CLAIM_STATE: 318,
  RATE_CARD_MISSING: 319,
  RATE_CARD_EXISTS: 320,
  GROUP_REQUIRED: 321,
  DISPATCH_STATE: 322,
  DISPATCH_DATE_INVALID: 323,
  WAYBILL_NOT_READY: 324,
  DOOR_SERVICE_STATE: 325,
  HOLIDAY_EXISTS: 326,
  LINK_EXPIRED: 327,
  INVOICE_NOT_PAID: 329,
  PACK_MODE_MISMATCH: 348,
  PACK_IN_OTHER_BATCH: 349,
  PACK_NOT_INSURED: 350,
  INSURANCE_CLAIM_STATE: 351,
  CLAIM_OVER_COVER: 352,
  GST_REFUND_INVALID: 353,
  PARCEL_PROBLEM_OPEN: 360,
  PROBLEM_STATE: 361,
  PROBLEM_EXISTS: 362,
  PROBLEM_REASON_UNKNOWN: 363,
  PROBLEM_INVOICE_FILE: 364,
  PARCEL_NOT_DISPOSABLE: 370,
  CUSTOMS_LOCKED: 375,

  ...platformCodes,
  ...groupsCodes,
  ...mallCodes,
  ...contentCodes,

  OBJECT_NOT_FOUND: 666,
  FORBIDDEN: 667,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** HTTP status sent with a code; everything else is HTTP 200. */
export function httpStatusFor(code: number): number {
  if (code === Code.LOGIN_REQUIRED) return 401;
  if (code === Code.PATH_NOT_FOUND) return 404;
  if (code === Code.INTERNAL) return 500;
  if (code === Code.PAYLOAD_TOO_LARGE) return 413;
  return 200;
}

export const isBackNavigationCode = (code: number) => code >= 666;
