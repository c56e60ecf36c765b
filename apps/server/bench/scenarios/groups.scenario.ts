import { contract } from '@pinyou/contract';
import { signedCall, type Scenario } from '../scenario.ts';

/** A leader with 10,000 members, 2 GROUP packs each (one parcel per pack) in 40 weekly batches of 500 packs. */
const seed = { members: 10_000, packsPerMember: 2, batches: 40 };
const env = { BENCH_SEED: JSON.stringify({ groups: seed }) };

interface State {
  token: string;
  batchId: number;
  turn: number;
}

type Db = 'pglite' | 'postgres';

function leaderCall(
  name: string,
  order: number,
  description: string,
  fields: (st: State, n: number) => Record<string, unknown>,
  def: any,
  database: Db,
) {
  const s: Scenario<State> = {
    name: `${name}${database === 'postgres' ? ' (pg)' : ''}`,
    description,
    order: database === 'postgres' ? order + 3 : order,
    database,
    env,
    setup: async (server) => ({ token: server.seed.groups.token as string, batchId: server.seed.groups.unpaidBatchId as number, turn: 0 }),
    request: (st, server) => signedCall(def, server, fields(st, st.turn++), st.token),
  };
  return s;
}

const calls = (database: Db) => [
  // The first pages, and now and then a search by account, nickname or recipient code.
  leaderCall(
    'group member list, 10,000 members',
    60,
    "getGroupMemberList: the leader's members (page of 20, sometimes a keyword) in a group of 10,000",
    (_st, n) => ({ page: 1 + (n % 5), page_size: 20, ...(n % 4 === 3 ? { keyword: `benchmember${1 + (n % 97)}` } : {}) }),
    contract.groups.getGroupMemberList,
    database,
  ),
  leaderCall(
    'group batch list, 10,000 members',
    61,
    "getGroupPackList: the leader's batches (page of 10, all or one status), 500 packs per batch",
    (_st, n) => ({ page: 1 + (n % 2), page_size: 10, ...(n % 3 === 2 ? { status: 'outbound' } : {}) }),
    contract.groups.getGroupPackList,
    database,
  ),
  // The batch's 500 members in 10 pages of 50, now and then only those who owe, as the leader scrolls.
  leaderCall(
    'group pay-on-behalf list, 10,000 members',
    62,
    'getPackGroupUserList: a page of 50 of the 500 members of an unpaid batch with their bills, and the batch totals',
    (st, n) => ({ batch_id: st.batchId, page: 1 + (n % 10), page_size: 50, ...(n % 4 === 3 ? { unpaid_only: true } : {}) }),
    contract.groups.getPackGroupUserList,
    database,
  ),
];

export const scenarios = [...calls('pglite'), ...calls('postgres')];
