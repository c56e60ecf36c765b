import { z } from 'zod';
import { endpoint, empty, ok } from '../endpoint.ts';
import { minorToDecimal } from '../money.ts';
import { moneySchema } from '../money-schema.ts';
import { zAmountMinor } from './wallet.fields.ts';
import { zCode6, zEmail, zId, zPassword, zPostcode, zRequired, zSgMobile, zStr, zUserAccount, zBoolish } from '../schemas.ts';

export const roles = ['user', 'leader', 'member', 'pickup'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const codePurposes = ['register', 'login', 'reset', 'bind'] as const;
export const codePurposeSchema = z.enum(codePurposes);

/** User info (spec §3): what authInfo returns and the app stores as USERINFO. */
export const userInfoSchema = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  phone: z.string(),
  email: z.string(),
  role: roleSchema,
  roles: z.array(roleSchema),
  group_id: z.number().int().nullable(),
  group_name: z.string(),
  /** 1 means an approved group leader. */
  examine_status: z.number().int(),
  can_apply_group: z.boolean(),
  is_auto_pay: z.boolean(),
  referrer_id: z.number().int().nullable(),
  has_password: z.boolean(),
  wechat_bound: z.boolean(),
  /** The session is a leader acting as one of the group's members. */
  is_member_session: z.boolean(),
  /** Profile authorised: nickname and avatar present. */
  authorized: z.boolean(),
  language: z.enum(['zh_CN', 'en']),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Login response (spec §3): token, new_user, role. */
export const loginResponse = z.object({
  token: z.string(),
  new_user: z.number().int(),
  role: roleSchema,
  expires_at: z.string(),
  /** A new account was made without the referrer_id sent, which names no account (WeChat login; register refuses). */
  referrer_unknown: z.boolean().optional(),
});

const codeSent = z.object({ resend_after: z.number().int(), expires_in: z.number().int() });
const sendCodeReq = z.object({ phone: zSgMobile, purpose: codePurposeSchema.default('login') });
const sendEmailCodeReq = z.object({ email: zEmail, purpose: codePurposeSchema.default('login') });

const linkedAccount = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: roleSchema,
  current: z.boolean(),
});
const linkedList = z.object({ list: z.array(linkedAccount) });
const addLinkReq = z.object({ account: zRequired(64), password: z.string().min(1, { message: 'rule.required' }) });
const userIdReq = z.object({ user_id: zId });

/** Register: an ID plus a phone or an e-mail, the code sent to it, and a password. */
export const registerRequest = z
  .object({
    register_token: zRequired(512),
    user_account: zUserAccount,
    phone: zSgMobile.optional().or(z.literal('').transform(() => undefined)),
    email: zEmail.optional().or(z.literal('').transform(() => undefined)),
    code: zCode6,
    password: zPassword,
    confirm_password: z.string().optional(),
    referrer_id: zId.optional(),
    language: z.enum(['zh_CN', 'en']).optional(),
    /** The person ticked "I have read and agree to the terms of service and privacy policy". Required (TERMS_NOT_ACCEPTED). */
    agree_terms: zBoolish.optional(),
  })
  .refine((v) => !!(v.phone || v.email), { message: 'rule.phoneOrEmail', path: ['phone'] })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    message: 'rule.passwordMismatch',
    path: ['confirm_password'],
  });

/** Log in with ID/phone/e-mail and a password, or with a phone/e-mail and a code. */
export const loginRequest = z
  .object({
    account: zRequired(64),
    password: z.string().optional(),
    code: zCode6.optional(),
  })
  .refine((v) => !!v.password || !!v.code, { message: 'rule.required', path: ['password'] });

export const addressSchema = z.object({
  id: z.number().int(),
  receiver: z.string(),
  phone: z.string(),
  district: z.string(),
  address: z.string(),
  postcode: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressInput = z.object({
  id: zId.optional(),
  receiver: zRequired(40),
  phone: zSgMobile,
  district: zRequired(60),
  address: zRequired(140),
  postcode: zPostcode,
  is_default: zBoolish.optional(),
});

export const warehouseSchema = z.object({
  name: z.string(),
  receiver: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  postcode: z.string(),
});

const rechargeSettingsFields = {
  paynow_uen: z.string(),
  paynow_name: z.string(),
  bank: z.object({ name: z.string(), account_name: z.string(), account_no: z.string() }),
};
const settingsFields = {
  /** RMB per 1 SGD, up to 4 decimals, e.g. "5.3200". */
  exchange_rate: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/),
  /** Singapore GST rates by the date they apply from (a dated setting); missing: Singapore's own. */
  gst_rates: z
    .array(
      z.object({
        from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'rule.date' }),
        percent: z.number().min(0).max(50),
      }),
    )
    .min(1)
    .max(20)
    .optional(),
  /** Storage in the China warehouse (parcels.storage.ts); missing: the default policy. */
  storage_policy: z
    .object({
      free_days: z.number().int().min(0).max(365),
      bands: z
        .array(
          z.object({
            max_cbm: z.number().positive().nullable(),
            daily_fee: z.object({ amount_minor: z.number().int().min(0).max(100_000), currency: z.literal('SGD') }),
          }),
        )
        .min(1)
        .max(10),
      reminder_days_before: z.number().int().min(0).max(60),
      dispose_after_days: z.number().int().min(1).max(3650),
    })
    .optional(),
  /** Optional insurance of a pack (parcels.insurance.ts); missing: the default terms. */
  insurance_terms: z
    .object({
      rate_percent: z
        .number({ message: 'rule.insuranceRate' })
        .min(0, { message: 'rule.insuranceRate' })
        .max(20, { message: 'rule.insuranceRate' }),
      min_premium: z.object({
        amount_minor: z.number().int().min(0, { message: 'rule.amountNotNegative' }).max(10_000_000),
        currency: z.literal('SGD'),
      }),
      max_cover: z.object({
        amount_minor: z.number().int().positive({ message: 'rule.amountPositive' }).max(1_000_000_000),
        currency: z.literal('SGD'),
      }),
    })
    // A minimum premium above the largest cover would charge more than a claim could ever pay.
    .refine((t) => t.min_premium.amount_minor <= t.max_cover.amount_minor, {
      message: 'rule.insuranceMinOverCover',
      path: ['min_premium', 'amount_minor'],
    })
    .optional(),
  warehouse: warehouseSchema,
  service: z.object({
    wechat: z.string(),
    whatsapp: z.string(),
    phone: z.string(),
    email: z.string(),
    hours: z.object({ en: z.string(), zh_CN: z.string() }),
  }),
  notice: z.object({ en: z.string(), zh_CN: z.string() }),
  official_account: z.object({
    name: z.string(),
    /** The account's QR image: our own upload ("/uploads/public/…"), another path we serve, or an https URL; empty shows the default. */
    qr_url: z
      .string()
      .trim()
      .max(500, { message: 'rule.tooLong' })
      .regex(/^(|\/[^\s]*|https:\/\/[^\s]+)$/, { message: 'rule.imageUrl' }),
  }),
};

/** Public settings (getSystemSetting -> data.info, getSettings for staff). Staff edit them in the console. */
export const systemSettingsSchema = z.object({
  ...settingsFields,
  recharge: z.object({
    /** Largest single top-up (SGD). */
    max_amount: moneySchema,
    ...rechargeSettingsFields,
  }),
});

/** The settings as staff save them (saveSettings): the largest top-up typed as "10000.00" (SGD), kept in minor units. */
export const systemSettingsInput = z.object({
  ...settingsFields,
  recharge: z.object({ max_amount: zAmountMinor(), ...rechargeSettingsFields }),
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;
/** The saved settings as the server keeps them: the largest top-up in SGD minor units. */
export type SystemSettingsValue = z.output<typeof systemSettingsInput>;
/** What saveSettings takes: the answer of getSettings with the largest top-up as a typed amount ("10000.00"). */
export type SystemSettingsInput = Omit<SystemSettings, 'recharge'> & {
  recharge: Omit<SystemSettings['recharge'], 'max_amount'> & { max_amount: string };
};
/** getSettings' answer made into saveSettings' input (a form's first values, or a change to one field). */
export const settingsInputOf = (s: SystemSettings): SystemSettingsInput => ({
  ...s,
  recharge: { ...s.recharge, max_amount: minorToDecimal(s.recharge.max_amount.amount_minor) },
});
/** What getSystemSetting answers: the settings plus server configuration the app needs (empty tile URL: no tiles). */
export const publicSettingsSchema = systemSettingsSchema.extend({ map_tile_url: z.string() });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** An avatar: empty, or the address of an image uploaded to us as an avatar (never text or an outside URL). */
export const zAvatar = z
  .string({ message: 'rule.avatarUpload' })
  .trim()
  .max(128, { message: 'rule.avatarUpload' })
  .regex(/^(|\/uploads\/public\/\d{6}\/[0-9a-f]{32}\.(png|jpg|webp|gif))$/, { message: 'rule.avatarUpload' });

export const accountContract = {
  getRegisterToken: endpoint({
    path: '/api/h5/getRegisterToken',
    auth: 'none',
    summary: 'A short-lived token the registration form sends with register',
    request: empty,
    response: z.object({ register_token: z.string(), expires_in: z.number().int() }),
  }),
  h5SendEmailCode: endpoint({
    path: '/api/h5/sendEmailCode',
    auth: 'optional',
    summary: 'E-mail a verification code',
    request: sendEmailCodeReq,
    response: codeSent,
  }),
  h5SendCode: endpoint({
    path: '/api/h5/sendCode',
    auth: 'optional',
    summary: 'Text a verification code to a Singapore mobile',
    request: sendCodeReq,
    response: codeSent,
  }),
  register: endpoint({
    path: '/api/h5/register',
    auth: 'none',
    summary: 'Register with an ID, a phone or e-mail and its code, and a password',
    request: registerRequest,
    response: loginResponse,
  }),
  login: endpoint({
    path: '/api/h5/login',
    auth: 'none',
    summary: 'Log in with ID/phone/e-mail and password, or phone/e-mail and code',
    request: loginRequest,
    response: loginResponse,
  }),
  addMoreAccountByH5: endpoint({
    path: '/api/h5/addMoreAccountByH5',
    auth: 'user',
    summary: "Add another account to this device's list, proving its password",
    request: addLinkReq,
    response: linkedList,
  }),
  getMoreAccountByH5: endpoint({
    path: '/api/h5/getMoreAccountByH5',
    auth: 'user',
    summary: 'Accounts linked with this one',
    request: empty,
    response: linkedList,
  }),
  loginMoreAccountByH5: endpoint({
    path: '/api/h5/loginMoreAccountByH5',
    auth: 'user',
    summary: 'Switch to a linked account',
    request: userIdReq,
    response: loginResponse,
  }),
  delMoreAccountByH5: endpoint({
    path: '/api/h5/delMoreAccountByH5',
    auth: 'user',
    summary: 'Remove a linked account',
    request: userIdReq,
    response: linkedList,
  }),

  appletLogin: endpoint({
    path: '/api/applet/login',
    auth: 'none',
    summary:
      'WeChat login with a wx.login code; creates the account on first use (new_user=1; referrer_unknown when referrer_id names no account)',
    request: z.object({
      code: zRequired(256),
      referrer_id: zId.optional(),
      /** The person agreed to the terms of service and privacy policy before continuing with WeChat (stored with the version). */
      agree_terms: zBoolish.optional(),
    }),
    response: loginResponse,
  }),
  authLogin: endpoint({
    path: '/api/applet/authLogin',
    auth: 'none',
    summary: 'WeChat login with profile authorisation (nickname and avatar)',
    // WeChat's own avatar URL is not kept (outside URLs are never shown): an avatar is uploaded to us or empty.
    request: z.object({ code: zRequired(256), nickname: zRequired(40), avatar: zStr(512).optional(), agree_terms: zBoolish.optional() }),
    response: loginResponse,
  }),
  bindOldAccount: endpoint({
    path: '/api/applet/BindOldAccount',
    auth: 'user',
    summary: 'Bind the WeChat of this session to an existing account and log in to it',
    request: addLinkReq,
    response: loginResponse,
  }),
  authInfo: endpoint({
    path: '/api/applet/authInfo',
    auth: 'user',
    summary: 'User info of the session',
    request: empty,
    response: userInfoSchema,
  }),
  getSystemSetting: endpoint({
    path: '/api/applet/getSystemSetting',
    auth: 'none',
    summary: 'Public settings',
    request: empty,
    response: z.object({ info: publicSettingsSchema }),
  }),
  updateUserInfo: endpoint({
    path: '/api/applet/updateUserInfo',
    auth: 'user',
    summary: 'Edit basic info; with authorize=1 nickname and avatar are both required',
    request: z
      .object({
        nickname: zStr(40).optional(),
        avatar: zAvatar.optional(),
        language: z.enum(['zh_CN', 'en']).optional(),
        authorize: zBoolish.optional(),
      })
      .refine((v) => !v.authorize || !!v.nickname, { message: 'rule.nickname', path: ['nickname'] })
      .refine((v) => !v.authorize || !!v.avatar, { message: 'rule.avatar', path: ['avatar'] }),
    response: userInfoSchema,
  }),
  unbind: endpoint({ path: '/api/applet/unbind', auth: 'user', summary: 'Log out: revoke this session', request: empty, response: ok }),
  sendCode: endpoint({
    path: '/api/applet/sendCode',
    auth: 'optional',
    summary: 'Text a verification code',
    request: sendCodeReq,
    response: codeSent,
  }),
  sendEmailCode: endpoint({
    path: '/api/applet/sendEmailCode',
    auth: 'optional',
    summary: 'E-mail a verification code',
    request: sendEmailCodeReq,
    response: codeSent,
  }),
  editPasswd: endpoint({
    path: '/api/applet/editPasswd',
    auth: 'optional',
    summary: 'Change the password (logged in, with the current one) or reset it (phone/e-mail and code)',
    request: z
      .object({
        account: zStr(64).optional(),
        code: zCode6.optional(),
        old_password: z.string().optional(),
        password: zPassword,
        confirm_password: z.string({ message: 'rule.required' }).min(1, { message: 'rule.required' }),
      })
      .refine((v) => v.password === v.confirm_password, { message: 'rule.passwordMismatch', path: ['confirm_password'] }),
    response: ok,
  }),
  switchLogin: endpoint({
    path: '/api/applet/switchLogin',
    auth: 'user',
    summary: 'Switch the role of this session among the roles the user holds',
    request: z.object({ role: roleSchema }),
    response: loginResponse,
  }),
  getMoreAccount: endpoint({
    path: '/api/applet/getMoreAccount',
    auth: 'user',
    summary: 'Accounts linked with this one',
    request: empty,
    response: linkedList,
  }),
  loginMoreAccount: endpoint({
    path: '/api/applet/loginMoreAccount',
    auth: 'user',
    summary: 'Switch to a linked account',
    request: userIdReq,
    response: loginResponse,
  }),
  delMoreAccount: endpoint({
    path: '/api/applet/delMoreAccount',
    auth: 'user',
    summary: 'Remove a linked account',
    request: userIdReq,
    response: linkedList,
  }),
  addMoreAccount: endpoint({
    path: '/api/applet/addMoreAccount',
    auth: 'user',
    summary: 'Link another account, proving its password',
    request: addLinkReq,
    response: linkedList,
  }),
  bindPhone: endpoint({
    path: '/api/applet/bindPhone',
    auth: 'user',
    summary: 'Bind or change the phone with a code sent to it',
    request: z.object({ phone: zSgMobile, code: zCode6 }),
    response: userInfoSchema,
  }),
  bindEmail: endpoint({
    path: '/api/applet/bindEmail',
    auth: 'user',
    summary: 'Bind or change the e-mail with a code sent to it',
    request: z.object({ email: zEmail, code: zCode6 }),
    response: userInfoSchema,
  }),

  getUserAddressList: endpoint({
    path: '/api/applet/getUserAddressList',
    auth: 'user',
    summary: 'Delivery addresses',
    request: empty,
    response: z.object({ list: z.array(addressSchema) }),
  }),
  editUserAddress: endpoint({
    path: '/api/applet/editUserAddress',
    auth: 'user',
    summary: 'Add (no id) or edit an address',
    request: addressInput,
    response: addressSchema,
  }),
  setUserAddressDefault: endpoint({
    path: '/api/applet/setUserAddressDefault',
    auth: 'user',
    summary: 'Make an address the default',
    request: z.object({ id: zId }),
    response: addressSchema,
  }),
  deleteUserAddress: endpoint({
    path: '/api/applet/deleteUserAddress',
    auth: 'user',
    summary: 'Delete an address',
    request: z.object({ id: zId }),
    response: ok,
  }),
  getUserDefaultAddress: endpoint({
    path: '/api/applet/getUserDefaultAddress',
    auth: 'user',
    summary: 'The default address, or null',
    request: empty,
    response: z.object({ address: addressSchema.nullable() }),
  }),

  uploadImage: endpoint({
    path: '/api/applet/uploadImage',
    auth: 'user',
    multipart: true,
    summary: 'Upload an image (avatar, voucher, photo); the content must be a PNG, JPEG, WebP or GIF',
    request: z.object({ purpose: z.enum(['avatar', 'voucher', 'photo']).default('photo') }),
    response: z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), size: z.number().int() }),
  }),
} as const;
