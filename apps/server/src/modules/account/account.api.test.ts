import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PNG_1x1 } from '../wallet/wallet.test-helpers.ts';
import { Code, contract } from '@pinyou/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const A = contract.account;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

async function registerByPhone(user_account = 'alice01', phone = '81234567', password = 'secret123') {
  const { data: rt } = await t.call(A.getRegisterToken);
  const sent = await t.call(A.h5SendCode, { phone, purpose: 'register' });
  expect(sent.code).toBe(0);
  const code = await t.lastCode(phone);
  const res = await t.call(A.register, {
    register_token: rt.register_token,
    agree_terms: true,
    user_account,
    phone,
    code,
    password,
    confirm_password: password,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data as { token: string; new_user: number; role: string };
}

describe('register and login', () => {
  it('registers with a phone code, then logs in by ID, by phone, and by code', async () => {
    const reg = await registerByPhone();
    expect(reg.new_user).toBe(1);
    expect(reg.role).toBe('user');

    const info = await t.call(A.authInfo, {}, { token: reg.token });
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({ user_account: 'alice01', phone: '81234567', role: 'user', examine_status: 0 });

    const byId = await t.call(A.login, { account: 'ALICE01', password: 'secret123' });
    expect(byId.code).toBe(0);
    expect(byId.data.new_user).toBe(0);
    const byPhone = await t.call(A.login, { account: '81234567', password: 'secret123' });
    expect(byPhone.code).toBe(0);

    await t.call(A.h5SendCode, { phone: '81234567', purpose: 'login' });
    const code = await t.lastCode('81234567');
    const byCode = await t.call(A.login, { account: '81234567', code });
    expect(byCode.code).toBe(0);
    // single use
    const again = await t.call(A.login, { account: '81234567', code });
    expect(again.code).toBe(Code.CODE_EXPIRED);
  });

  it('registers with an e-mail', async () => {
    const { data: rt } = await t.call(A.getRegisterToken);
    expect((await t.call(A.h5SendEmailCode, { email: 'Bob@Example.com', purpose: 'register' })).code).toBe(0);
    const code = await t.lastCode('bob@example.com');
    const res = await t.call(A.register, {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'bob_2',
      email: 'bob@example.com',
      code,
      password: 'pw123456',
    });
    expect(res.code, res.msg).toBe(0);
    expect((await t.call(A.login, { account: 'BOB@example.com', password: 'pw123456' })).code).toBe(0);
  });

  it('refuses bad registrations with clear messages in the caller language', async () => {
    const { data: rt } = await t.call(A.getRegisterToken);
    const noContact = await t.call(A.register, {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'carol',
      code: '123456',
      password: 'pw123456',
    });
    expect(noContact.code).toBe(Code.VALIDATION);
    expect(noContact.msg).toBe('Please enter a phone number or e-mail');
    const zh = await t.call(
      A.register,
      {
        register_token: rt.register_token,
        agree_terms: true,
        user_account: 'carol',
        phone: '71234567',
        code: '123456',
        password: 'pw123456',
      },
      { lang: 'zh_CN' },
    );
    expect(zh.code).toBe(Code.VALIDATION);
    expect(zh.msg).toBe('请输入以8或9开头的8位新加坡手机号');
    const mismatch = await t.call(A.register, {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'carol',
      phone: '91234567',
      code: '123456',
      password: 'pw123456',
      confirm_password: 'other',
    });
    expect(mismatch.msg).toBe('The two passwords are inconsistent');
    const badToken = await t.call(A.register, {
      register_token: 'x.y',
      agree_terms: true,
      user_account: 'carol',
      phone: '91234567',
      code: '123456',
      password: 'pw123456',
    });
    expect(badToken.code).toBe(Code.REGISTER_TOKEN_INVALID);
    const noCode = await t.call(A.register, {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'carol',
      phone: '91234567',
      code: '123456',
      password: 'pw123456',
    });
    expect(noCode.code).toBe(Code.CODE_EXPIRED);

    await registerByPhone('dave01', '91111111');
    const dupId = await t.call(A.register, {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'DAVE01',
      phone: '92222222',
      code: '123456',
      password: 'pw123456',
    });
    expect(dupId.code).toBe(Code.ACCOUNT_EXISTS);
    const dupPhone = await t.call(A.h5SendCode, { phone: '91111111', purpose: 'register' });
    expect(dupPhone.code).toBe(Code.PHONE_TAKEN);
  });

  it('limits code checks, resends and hourly volume', async () => {
    await t.call(A.h5SendCode, { phone: '88888888', purpose: 'register' });
    const resend = await t.call(A.h5SendCode, { phone: '88888888', purpose: 'register' });
    expect(resend.code).toBe(Code.CODE_RESEND_TOO_SOON);
    const { data: rt } = await t.call(A.getRegisterToken);
    const real = await t.lastCode('88888888');
    const wrong = real === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push(
        (
          await t.call(A.register, {
            register_token: rt.register_token,
            agree_terms: true,
            user_account: 'erin01',
            phone: '88888888',
            code: wrong,
            password: 'pw123456',
          })
        ).code,
      );
    expect(tries).toEqual([Code.CODE_INVALID, Code.CODE_INVALID, Code.CODE_INVALID, Code.CODE_INVALID, Code.CODE_TOO_MANY_TRIES]);
    const right = await t.call(A.register, {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'erin01',
      phone: '88888888',
      code: real,
      password: 'pw123456',
    });
    expect(right.code).toBe(Code.CODE_TOO_MANY_TRIES);
  });

  it('a code expires after 10 minutes', async () => {
    await t.call(A.h5SendCode, { phone: '87777777', purpose: 'register' });
    const code = await t.lastCode('87777777');
    const { verificationCodes } = await import('./account.schema.ts');
    await t.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const { data: rt } = await t.call(A.getRegisterToken);
    const res = await t.call(A.register, {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'fay001',
      phone: '87777777',
      code,
      password: 'pw123456',
    });
    expect(res.code).toBe(Code.CODE_EXPIRED);
  });

  it('wrong password and unknown account read the same', async () => {
    await registerByPhone();
    const wrong = await t.call(A.login, { account: 'alice01', password: 'nope1234' });
    const unknown = await t.call(A.login, { account: 'nobody', password: 'nope1234' });
    expect(wrong.code).toBe(Code.BAD_CREDENTIALS);
    expect(unknown.code).toBe(Code.BAD_CREDENTIALS);
    expect(wrong.msg).toBe(unknown.msg);
  });

  it('successful logins are not limited like guesses', async () => {
    await registerByPhone();
    for (let i = 0; i < 12; i++) expect((await t.call(A.login, { account: 'alice01', password: 'secret123' })).code).toBe(0);
  });

  it('locks out password guessing on one account after 10 tries', async () => {
    await registerByPhone();
    for (let i = 0; i < 10; i++) await t.call(A.login, { account: 'alice01', password: `bad${i}xxxx` });
    const locked = await t.call(A.login, { account: 'alice01', password: 'secret123' });
    expect(locked.code).toBe(Code.ACCOUNT_LOCKED);
  });
});

describe('sessions', () => {
  it('logout revokes the token: required calls answer HTTP 401 with code 3', async () => {
    const { token } = await registerByPhone();
    expect((await t.call(A.unbind, {}, { token })).code).toBe(0);
    const after = await t.call(A.authInfo, {}, { token });
    expect(after.status).toBe(401);
    expect(after.code).toBe(Code.TOKEN_REVOKED);
    // optional-login calls answer code 3 with HTTP 200 so the client drops the token and repeats
    const opt = await t.call(A.h5SendCode, { phone: '99999999', purpose: 'register' }, { token });
    expect(opt.status).toBe(200);
    expect(opt.code).toBe(Code.TOKEN_REVOKED);
  });

  it('no token or an unknown one is HTTP 401; an expired one code 2', async () => {
    const none = await t.call(A.authInfo, {});
    expect(none.status).toBe(401);
    expect(none.code).toBe(Code.LOGIN_REQUIRED);
    expect(none.msg).toBe('Please continue after logging in or registering');
    const unknown = await t.call(A.authInfo, {}, { token: 'nope' });
    expect(unknown.status).toBe(401);
    const { token } = await registerByPhone();
    const { sessions } = await import('./account.schema.ts');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.call(A.authInfo, {}, { token });
    expect(expired.status).toBe(401);
    expect(expired.code).toBe(Code.TOKEN_EXPIRED);
  });

  it('accepts Authorization: Bearer', async () => {
    const { token } = await registerByPhone();
    const res = await t.call(A.authInfo, {}, { headers: { authorization: `Bearer ${token}` } });
    expect(res.code).toBe(0);
  });

  it('stores only the hash of a token', async () => {
    const { token } = await registerByPhone();
    const { sessions } = await import('./account.schema.ts');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('passwords', () => {
  it('forgot password: code + matching passwords; old sessions end', async () => {
    const { token } = await registerByPhone();
    await t.call(A.sendCode, { phone: '81234567', purpose: 'reset' });
    const code = await t.lastCode('81234567');
    const mismatch = await t.call(A.editPasswd, { account: '81234567', code, password: 'newpass1', confirm_password: 'newpass2' });
    expect(mismatch.msg).toBe('The two passwords are inconsistent');
    const ok = await t.call(A.editPasswd, { account: '81234567', code, password: 'newpass1', confirm_password: 'newpass1' });
    expect(ok.code, ok.msg).toBe(0);
    expect((await t.call(A.authInfo, {}, { token })).status).toBe(401);
    expect((await t.call(A.login, { account: 'alice01', password: 'newpass1' })).code).toBe(0);
  });

  it('change password needs the current one', async () => {
    const { token } = await registerByPhone();
    const wrong = await t.call(A.editPasswd, { old_password: 'nope', password: 'newpass1', confirm_password: 'newpass1' }, { token });
    expect(wrong.code).toBe(Code.OLD_PASSWORD_WRONG);
    const ok = await t.call(A.editPasswd, { old_password: 'secret123', password: 'newpass1', confirm_password: 'newpass1' }, { token });
    expect(ok.code).toBe(0);
    expect((await t.call(A.authInfo, {}, { token })).code).toBe(0);
  });
});

describe('profile, binding, roles', () => {
  it('authorisation needs nickname and avatar', async () => {
    const { token } = await registerByPhone();
    const noAvatar = await t.call(A.updateUserInfo, { nickname: 'Alice', authorize: 1 }, { token });
    expect(noAvatar.msg).toBe('Please upload an avatar');
    // Text or an outside URL is no avatar.
    for (const avatar of ['/uploads/x.png', 'https://evil.example/a.png', 'javascript:alert(1)']) {
      const bad = await t.call(A.updateUserInfo, { nickname: 'Alice', avatar, authorize: 1 }, { token });
      expect(bad.code, avatar).toBe(Code.VALIDATION);
      expect(bad.msg).toBe('Please upload the avatar image');
    }
    const up = await t.request(A.uploadImage, { purpose: 'avatar' }, { token, file: { name: 'a.png', data: PNG_1x1, type: 'image/png' } });
    const url = up.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/public\//);
    const ok = await t.call(A.updateUserInfo, { nickname: 'Alice', avatar: url, authorize: 1, language: 'en' }, { token });
    expect(ok.data).toMatchObject({ nickname: 'Alice', authorized: true, language: 'en', avatar: url });
    // Someone else's uploaded avatar is not yours to use.
    const other = await registerByPhone('bobby01', '92345678');
    expect((await t.call(A.updateUserInfo, { avatar: url }, { token: other.token })).code).toBe(Code.VALIDATION);
    // Public avatars are served by name.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('binds an e-mail with a code; a taken e-mail is refused', async () => {
    const { token } = await registerByPhone();
    expect((await t.call(A.sendEmailCode, { email: 'a@b.sg', purpose: 'bind' }, { token })).code).toBe(0);
    const code = await t.lastCode('a@b.sg');
    const res = await t.call(A.bindEmail, { email: 'a@b.sg', code }, { token });
    expect(res.data.email).toBe('a@b.sg');
    const other = await registerByPhone('zed001', '90000000');
    const taken = await t.call(A.sendEmailCode, { email: 'a@b.sg', purpose: 'bind' }, { token: other.token });
    expect(taken.code).toBe(Code.EMAIL_TAKEN);
  });

  it('switchLogin only to a role the user holds', async () => {
    const { token } = await registerByPhone();
    const no = await t.call(A.switchLogin, { role: 'leader' }, { token });
    expect(no.code).toBe(Code.ROLE_NOT_HELD);
    const { users } = await import('./account.schema.ts');
    await t.database.db.update(users).set({ roles: ['user', 'leader'], examineStatus: 1 });
    const yes = await t.call(A.switchLogin, { role: 'leader' }, { token });
    expect(yes.code).toBe(0);
    expect(yes.data.role).toBe('leader');
    const info = await t.call(A.authInfo, {}, { token: yes.data.token });
    expect(info.data.role).toBe('leader');
    expect((await t.call(A.authInfo, {}, { token })).status).toBe(401);
  });
});

describe('multiple accounts', () => {
  it('adds with the other password, lists, switches one way only, removes', async () => {
    const a = await registerByPhone('alice01', '81234567');
    await registerByPhone('bob001', '91234567', 'bobpass1');
    const bad = await t.call(A.addMoreAccountByH5, { account: 'bob001', password: 'wrong' }, { token: a.token });
    expect(bad.code).toBe(Code.BAD_CREDENTIALS);
    const self = await t.call(A.addMoreAccount, { account: 'alice01', password: 'secret123' }, { token: a.token });
    expect(self.code).toBe(Code.CANNOT_LINK_SELF);
    const added = await t.call(A.addMoreAccountByH5, { account: 'bob001', password: 'bobpass1' }, { token: a.token });
    expect(added.data.list.map((x: { user_account: string }) => x.user_account)).toEqual(['alice01', 'bob001']);
    const aliceId = added.data.list[0].user_id;
    const bobId = added.data.list[1].user_id;
    const sw = await t.call(A.loginMoreAccountByH5, { user_id: bobId }, { token: a.token });
    expect(sw.code).toBe(0);
    const asBob = await t.call(A.authInfo, {}, { token: sw.data.token });
    expect(asBob.data.user_account).toBe('bob001');
    // The device keeps the session it switched from, so switching back there needs no password.
    const stillAlice = await t.call(A.authInfo, {}, { token: a.token });
    expect(stillAlice.data.user_account).toBe('alice01');
    // Alice proved Bob's password; Bob never proved Alice's: from Bob there is no way back into Alice.
    const bobList = await t.call(A.getMoreAccount, {}, { token: sw.data.token });
    expect(bobList.data.list.map((x: { user_account: string; current: boolean }) => [x.user_account, x.current])).toEqual([
      ['bob001', true],
    ]);
    expect((await t.call(A.loginMoreAccount, { user_id: aliceId }, { token: sw.data.token })).code).toBe(Code.FORBIDDEN);
    // Once Bob proves Alice's password, Bob may switch into Alice too.
    const back = await t.call(A.addMoreAccount, { account: 'alice01', password: 'secret123' }, { token: sw.data.token });
    expect(back.code, back.msg).toBe(0);
    const sw2 = await t.call(A.loginMoreAccount, { user_id: aliceId }, { token: sw.data.token });
    expect(sw2.code, sw2.msg).toBe(0);
    const removed = await t.call(A.delMoreAccount, { user_id: bobId }, { token: sw2.data.token });
    expect(removed.data.list).toHaveLength(1);
    const notLinked = await t.call(A.loginMoreAccount, { user_id: bobId }, { token: sw2.data.token });
    expect(notLinked.code).toBe(Code.FORBIDDEN);
  });
});

describe('wechat login (sandbox provider)', () => {
  it('first login creates the user (new_user=1), the same code name logs the same user in', async () => {
    const first = await t.call(A.appletLogin, { code: 'sandbox:wendy' });
    expect(first.data.new_user).toBe(1);
    const again = await t.call(A.appletLogin, { code: 'wendy' });
    expect(again.data.new_user).toBe(0);
    const i1 = await t.call(A.authInfo, {}, { token: first.data.token });
    const i2 = await t.call(A.authInfo, {}, { token: again.data.token });
    expect(i1.data.user_id).toBe(i2.data.user_id);
    expect(i1.data.wechat_bound).toBe(true);
    const bad = await t.call(A.appletLogin, { code: 'invalid-code' });
    expect(bad.code).toBe(Code.WECHAT_LOGIN_FAILED);
  });

  it('authLogin stores the profile; BindOldAccount moves WeChat to an old account', async () => {
    const old = await registerByPhone();
    const wx = await t.call(A.authLogin, { code: 'xavier', nickname: 'Xav', avatar: 'https://thirdwx.qlogo.cn/x.png' });
    expect(wx.code).toBe(0);
    const bound = await t.call(A.bindOldAccount, { account: 'alice01', password: 'secret123' }, { token: wx.data.token });
    expect(bound.code, bound.msg).toBe(0);
    const info = await t.call(A.authInfo, {}, { token: bound.data.token });
    expect(info.data.user_account).toBe('alice01');
    expect(info.data.wechat_bound).toBe(true);
    const relogin = await t.call(A.appletLogin, { code: 'xavier' });
    expect((await t.call(A.authInfo, {}, { token: relogin.data.token })).data.user_account).toBe('alice01');
    expect(old.token).toBeTruthy();
  });
});

describe('addresses', () => {
  const addr = {
    receiver: 'Tan Ah Kow',
    phone: '91234567',
    district: 'Tampines',
    address: 'Blk 123 #05-67 Tampines St 11',
    postcode: '521123',
  };

  it('first address becomes default; one default at a time; delete promotes another', async () => {
    const { token } = await registerByPhone();
    const a1 = await t.call(A.editUserAddress, addr, { token });
    expect(a1.data.is_default).toBe(true);
    const a2 = await t.call(A.editUserAddress, { ...addr, receiver: 'Second', is_default: 1 }, { token });
    expect(a2.data.is_default).toBe(true);
    const list = await t.call(A.getUserAddressList, {}, { token });
    expect(list.data.list.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
    await t.call(A.setUserAddressDefault, { id: a1.data.id }, { token });
    expect((await t.call(A.getUserDefaultAddress, {}, { token })).data.address.id).toBe(a1.data.id);
    await t.call(A.deleteUserAddress, { id: a1.data.id }, { token });
    expect((await t.call(A.getUserDefaultAddress, {}, { token })).data.address.id).toBe(a2.data.id);
    const edited = await t.call(A.editUserAddress, { ...addr, id: a2.data.id, receiver: 'Edited' }, { token });
    expect(edited.data.receiver).toBe('Edited');
  });

  it('checks every field', async () => {
    const { token } = await registerByPhone();
    expect((await t.call(A.editUserAddress, { ...addr, phone: '6123456' }, { token })).msg).toBe(
      'The mobile number must be 8 digits starting with 8 or 9',
    );
    expect((await t.call(A.editUserAddress, { ...addr, postcode: '12345' }, { token })).msg).toBe('The postcode must be 6 digits');
    expect((await t.call(A.editUserAddress, { ...addr, receiver: '' }, { token })).msg).toBe('Receiver is required');
  });

  it("one user never sees or edits another's address", async () => {
    const a = await registerByPhone();
    const b = await registerByPhone('bob001', '91234567');
    const mine = await t.call(A.editUserAddress, addr, { token: a.token });
    expect((await t.call(A.getUserAddressList, {}, { token: b.token })).data.list).toHaveLength(0);
    const edit = await t.call(A.editUserAddress, { ...addr, id: mine.data.id }, { token: b.token });
    expect(edit.code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await t.call(A.deleteUserAddress, { id: mine.data.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
    expect((await t.call(A.setUserAddressDefault, { id: mine.data.id }, { token: b.token })).code).toBe(Code.OBJECT_NOT_FOUND);
  });
});

describe('system settings', () => {
  it('are public', async () => {
    const res = await t.call(A.getSystemSetting);
    expect(res.code).toBe(0);
    expect(res.data.info.exchange_rate).toMatch(/^\d/);
    expect(res.data.info.warehouse.address).toBeTruthy();
    expect(res.data.info.recharge.max_amount).toEqual({ amount_minor: 1_000_000, currency: 'SGD' });
  });
});

describe('referrer at registration', () => {
  it('an unknown referrer_id is refused at register (the code stays usable) and reported at WeChat sign-up', async () => {
    const referrer = await registerByPhone('refer01', '81230001');
    const referrerId = (await t.call(A.authInfo, {}, { token: referrer.token })).data.user_id as number;
    const { data: rt } = await t.call(A.getRegisterToken);
    await t.call(A.h5SendCode, { phone: '81230002', purpose: 'register' });
    const code = await t.lastCode('81230002');
    const form = {
      register_token: rt.register_token,
      agree_terms: true,
      user_account: 'newbie01',
      phone: '81230002',
      code,
      password: 'secret123',
    };
    const refused = await t.call(A.register, { ...form, referrer_id: 999999 }, { lang: 'zh_CN' });
    expect(refused.code).toBe(Code.REFERRER_NOT_FOUND);
    expect(refused.msg).toContain('999999');
    const en = await t.call(A.register, { ...form, referrer_id: 999999 });
    expect(en.msg).toContain('referrer');
    // The same code still registers, with a real referrer.
    const ok = await t.call(A.register, { ...form, referrer_id: referrerId });
    expect(ok.code, ok.msg).toBe(0);
    expect((await t.call(A.authInfo, {}, { token: ok.data.token })).data.referrer_id).toBe(referrerId);

    const wx = await t.call(A.appletLogin, { code: 'sandbox:refwx', referrer_id: 999999 });
    expect(wx.code, wx.msg).toBe(0);
    expect(wx.data).toMatchObject({ new_user: 1, referrer_unknown: true });
    const wxReferred = await t.call(A.appletLogin, { code: 'sandbox:refwx2', referrer_id: referrerId });
    expect(wxReferred.data.referrer_unknown).toBeUndefined();
    expect((await t.call(A.authInfo, {}, { token: wxReferred.data.token })).data.referrer_id).toBe(referrerId);
  });
});
