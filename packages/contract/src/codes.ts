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
 */
export const Code = {
  OK: 0,
  FAILED: 1,
  TOKEN_EXPIRED: 2,
  TOKEN_REVOKED: 3,
  SILENT: 99,
  LOGIN_REQUIRED: 401,
  PATH_NOT_FOUND: 404,
  INTERNAL: 500,

  VALIDATION: 1001,
  PAYLOAD_TOO_LARGE: 1002,
  BAD_FILE: 1003,

  SIGN_MISSING: 1101,
  SIGN_INVALID: 1102,
  TIMESTAMP_STALE: 1103,
  NONCE_REPLAY: 1104,

  RATE_LIMITED: 1201,

  ACCOUNT_EXISTS: 2001,
  PHONE_TAKEN: 2002,
  EMAIL_TAKEN: 2003,
  BAD_CREDENTIALS: 2004,
  CODE_INVALID: 2005,
  CODE_EXPIRED: 2006,
  CODE_TOO_MANY_TRIES: 2007,
  CODE_RESEND_TOO_SOON: 2008,
  CODE_HOURLY_CAP: 2009,
  PASSWORD_MISMATCH: 2010,
  ACCOUNT_NOT_FOUND: 2011,
  REGISTER_TOKEN_INVALID: 2012,
  WECHAT_LOGIN_FAILED: 2013,
  ACCOUNT_ALREADY_LINKED: 2014,
  CANNOT_LINK_SELF: 2015,
  ROLE_NOT_HELD: 2016,
  OLD_PASSWORD_WRONG: 2017,
  MEMBER_SESSION: 2018,
  ACCOUNT_DISABLED: 2019,
  ADDRESS_LIMIT: 2020,
  WECHAT_ALREADY_BOUND: 2021,

  // Parcels, packs, returns (4000-4199)
  TRACKING_TAKEN: 4000,
  TRACKING_ALREADY_DECLARED: 4001,
  PARCEL_NOT_PENDING: 4002,
  PARCEL_NOT_IN_WAREHOUSE: 4003,
  PARCEL_NEEDS_EDIT: 4004,
  DEFAULT_ADDRESS_REQUIRED: 4006,
  PACK_DATE_TOO_EARLY: 4007,
  PACK_DATE_HOLIDAY: 4008,
  PACK_STATE: 4009,
  RETURN_STATE: 4010,
  GOODS_VALUE_TOO_LOW: 4011,
  NOT_LOW_VALUE: 4012,
  BATCH_FILE_INVALID: 4013,
  BATCH_FILE_TOO_MANY_ROWS: 4014,
  STAGE_ORDER: 4015,
  BATCH_STATE: 4016,
  CLAIM_MISMATCH: 4017,
  CLAIM_STATE: 4018,
  RATE_CARD_MISSING: 4019,
  RATE_CARD_EXISTS: 4020,
  GROUP_REQUIRED: 4021,
  DISPATCH_STATE: 4022,
  DISPATCH_DATE_INVALID: 4023,
  WAYBILL_NOT_READY: 4024,
  DOOR_SERVICE_STATE: 4025,
  HOLIDAY_EXISTS: 4026,
  LINK_EXPIRED: 4027,
  BILLING_UNAVAILABLE: 4028,
  INVOICE_NOT_PAID: 4029,

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
