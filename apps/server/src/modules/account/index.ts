// The account module's public face: other modules and the app import from here, never deeper.
export { createAccountModule } from './account.module.ts';
export { MAX_IMAGE_BYTES } from './upload.service.ts';
export { accountPort, type AccountPort, type AccountUser, type AccountAddress } from './account.port.ts';
export type { AccountService } from './account.service.ts';
export type { SessionService } from './session.service.ts';
export type { UploadService } from './upload.service.ts';
export { toAddress } from './address.service.ts';
import { findUserByAccount, findUserByPhone, findUsersByIds, insertUser } from './account.repository.ts';
import { findAddressesByOwner } from './address.repository.ts';
import {
  countLiveSessionsOfUser,
  findLinkedUsers,
  findUserById,
  findUsersPage,
  revokeUserSessions,
  updateLiveStaffSessions,
  updateUser,
} from './account.repository.ts';

/** Creating customers outside sign-up: the demo seed and the bench's fixtures only. */
export const accountFixtures = { findUserByAccount, insertUser };
/** Finding customers by what staff or a pickup site type (account, phone) and naming many at once. */
export const accountDirectory = { findUserByAccount, findUserByPhone, findUsersByIds };

/** What the staff console (admin module) does to a customer: look them up, block them, end their sessions. */
export const accountStaffReads = {
  findUserById,
  findAddressesByOwner,
  findLinkedUsers,
  countLiveSessionsOfUser,
  updateUser,
  revokeUserSessions,
  findUsersPage,
  updateLiveStaffSessions,
};
export { MembershipPort, type MemberAccountUser } from './membership.port.ts';
export { accountContacts, type ContactsPort, type UserContact } from './contacts.port.ts';
