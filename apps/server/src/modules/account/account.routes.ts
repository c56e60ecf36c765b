import { contract } from '@pinyou/contract';
import { userIdOf, type Handlers } from '../../core/http.ts';
import type { AccountService } from './account.service.ts';
import type { AddressService } from './address.service.ts';
import type { UploadService } from './upload.service.ts';
import { settingsView, type SettingsService } from '../system/index.ts';

export interface AccountRouteDeps {
  account: AccountService;
  addresses: AddressService;
  uploads: UploadService;
  settings: SettingsService;
  /** The leader map's tile URL (env MAP_TILE_URL); empty: the app draws its offline outline. */
  mapTileUrl: string;
}

export function accountRoutes(s: AccountRouteDeps): Handlers<typeof contract.account> {
  const { account, addresses, uploads, settings } = s;
  const linked = {
    add: (i: { account: string; password: string }, ctx: Parameters<typeof userIdOf>[0]) =>
      account.addLinkedAccount(userIdOf(ctx), i.account, i.password, ctx),
    list: (_: unknown, ctx: Parameters<typeof userIdOf>[0]) => account.linkedAccounts(userIdOf(ctx)),
    login: (i: { user_id: number }, ctx: Parameters<typeof userIdOf>[0]) => account.switchToLinked(userIdOf(ctx), i.user_id, ctx),
    del: (i: { user_id: number }, ctx: Parameters<typeof userIdOf>[0]) => account.removeLinked(userIdOf(ctx), i.user_id),
  };
  return {
    getRegisterToken: () => account.registerToken(),
    h5SendEmailCode: (i, ctx) => account.sendCode('email', i.email, i.purpose, ctx),
    h5SendCode: (i, ctx) => account.sendCode('sms', i.phone, i.purpose, ctx),
    sendCode: (i, ctx) => account.sendCode('sms', i.phone, i.purpose, ctx),
    sendEmailCode: (i, ctx) => account.sendCode('email', i.email, i.purpose, ctx),
    register: (i, ctx) => account.register(i, ctx),
    login: (i, ctx) => account.login(i, ctx),
    addMoreAccountByH5: linked.add,
    getMoreAccountByH5: linked.list,
    loginMoreAccountByH5: linked.login,
    delMoreAccountByH5: linked.del,
    addMoreAccount: linked.add,
    getMoreAccount: linked.list,
    loginMoreAccount: linked.login,
    delMoreAccount: linked.del,
    appletLogin: (i, ctx) => account.wechatLogin(i.code, ctx, undefined, i.referrer_id, i.agree_terms === true),
    authLogin: (i, ctx) =>
      account.wechatLogin(i.code, ctx, { nickname: i.nickname, avatar: i.avatar ?? '' }, undefined, i.agree_terms === true),
    bindOldAccount: (i, ctx) => account.bindOldAccount(userIdOf(ctx), i.account, i.password, ctx),
    authInfo: (_, ctx) => account.sessionUserInfo(userIdOf(ctx), ctx),
    getSystemSetting: async () => ({ info: { ...settingsView(await settings.get()), map_tile_url: s.mapTileUrl } }),
    updateUserInfo: (i, ctx) => account.updateUserInfo(userIdOf(ctx), i, ctx),
    unbind: (_, ctx) => account.logout(ctx),
    editPasswd: (i, ctx) => account.editPassword(i, ctx),
    switchLogin: (i, ctx) => account.switchRole(userIdOf(ctx), i.role, ctx),
    bindPhone: (i, ctx) => account.bindContact(userIdOf(ctx), 'sms', i.phone, i.code, ctx),
    bindEmail: (i, ctx) => account.bindContact(userIdOf(ctx), 'email', i.email, i.code, ctx),
    getUserAddressList: (_, ctx) => addresses.list(userIdOf(ctx)),
    editUserAddress: (i, ctx) => addresses.save(userIdOf(ctx), i),
    setUserAddressDefault: (i, ctx) => addresses.setDefault(userIdOf(ctx), i.id),
    deleteUserAddress: (i, ctx) => addresses.remove(userIdOf(ctx), i.id),
    getUserDefaultAddress: (_, ctx) => addresses.defaultAddress(userIdOf(ctx)),
    uploadImage: (i, ctx) => uploads.saveImage({ userId: userIdOf(ctx) }, i.purpose, ctx.files[0], ctx.lang),
  };
}
