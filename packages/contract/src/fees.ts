import { returns } from './constants.ts';

/**
 * The return search fee in RMB fen (spec §9): ¥30 the first piece, ¥10 each further one; free for
 * approved leaders. The server bills it; the web shows the same figure before the customer applies.
 */
export function returnSearchFee(pieces: number, isLeader: boolean): number {
  if (pieces <= 0) return 0;
  if (isLeader && returns.freeForLeaders) return 0;
  return returns.firstPieceRmbMinor + (pieces - 1) * returns.nextPieceRmbMinor;
}
