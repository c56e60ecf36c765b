import { eq } from 'drizzle-orm';
import type { Language } from '@pinyou/contract';
import type { Db } from '../../db/client.ts';
import { users } from './account.schema.ts';

/** Where a user can be reached, for modules that deliver messages (notifications). */
export interface UserContact {
  userId: number;
  phone: string | null;
  email: string | null;
  wechatOpenid: string | null;
  language: Language;
}

export interface ContactsPort {
  contactOf(userId: number): Promise<UserContact | null>;
}

export function accountContacts(db: Db): ContactsPort {
  return {
    async contactOf(userId) {
      const [u] = await db
        .select({ phone: users.phone, email: users.email, openid: users.wechatOpenid, language: users.language, disabled: users.disabled })
        .from(users)
        .where(eq(users.id, userId));
      if (!u || u.disabled) return null;
      return { userId, phone: u.phone, email: u.email, wechatOpenid: u.openid, language: u.language === 'en' ? 'en' : 'zh_CN' };
    },
  };
}
