import type { Tx } from '../../db/client.ts';
import type { Bill } from './billing.port.ts';

/**
 * What billing asks the groups module (it owns membership), passed in where the modules are built.
 * Without it nobody pays other people's bills and a leader's group list is empty.
 */
export interface WalletGroupsPort {
  /**
   * Whether `payerId` may pay `bill`, owned by someone else: an approved leader of the owner's group.
   * Asked inside the payment's transaction.
   */
  mayPayFor(tx: Tx, payerId: number, bill: Bill): Promise<boolean>;
  /** The users whose unpaid bills a leader's "pay for my group" list shows. */
  membersLedBy(tx: Tx, leaderId: number): Promise<number[]>;
}

/** No groups: nobody pays for anyone else. */
export const noGroups: WalletGroupsPort = {
  mayPayFor: async () => false,
  membersLedBy: async () => [],
};
