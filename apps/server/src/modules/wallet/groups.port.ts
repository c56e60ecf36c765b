import type { Tx } from '../../db/client.ts';
import type { Bill } from './billing.port.ts';

/**
 * What billing asks the groups module (it owns membership), passed in where the modules are built.
 * Without it nobody pays other people's bills and a leader's group list is empty.
 */
export interface WalletGroupsPort {
  /**
   * Of `bills`, owned by others, the ids `payerId` may pay: those of members of the group the payer leads as an
   * approved leader. Asked once for a whole payment (or list), inside its transaction.
   */
  mayPayForAll(tx: Tx, payerId: number, bills: Bill[]): Promise<Set<number>>;
  /** The users whose unpaid bills a leader's "pay for my group" list shows. */
  membersLedBy(tx: Tx, leaderId: number): Promise<number[]>;
}

/** No groups: nobody pays for anyone else. */
export const noGroups: WalletGroupsPort = {
  mayPayForAll: async () => new Set(),
  membersLedBy: async () => [],
};
