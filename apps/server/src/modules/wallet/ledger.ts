import { and, asc, eq, fillPlaceholders, inArray, is, Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { canCommitWithStatement, executeNamed, executeNamedText, namedTextOf, runsNamed, type NamedText } from '../../db/prepared.ts';
import { DomainError } from '../../core/errors.ts';
import { minorToDecimal, rmbToSgdMinor, sgd, WALLET_CURRENCY } from '@pinyou/contract';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.schema.ts';

export { WALLET_CURRENCY };

/**
 * System accounts, the other side of every wallet movement:
 * - clearing:<method> money received through a channel (goes negative as money comes in);
 * - revenue:bills what customers paid for bills;
 * - expense:coupons what coupons paid for (the discount side of a payment);
 * - adjust:staff staff corrections;
 * - expense:rewards group leaders' rewards per cbm shipped.
 * - expense:insurance insurance claims paid; expense:gst_refunds GST charged twice and given back.
 */
export type SystemAccount =
  | 'clearing:wechat'
  | 'clearing:paynow'
  | 'clearing:offline'
  | 'revenue:bills'
  | 'expense:coupons'
  | 'adjust:staff'
  | 'expense:rewards'
  | 'expense:insurance'
  | 'expense:gst_refunds';

export type Posting = { wallet: number; amountMinor: number } | { system: SystemAccount; amountMinor: number };

export type LedgerTxType = 'topup' | 'payment' | 'refund' | 'adjustment';

export interface PostInput {
  type: LedgerTxType;
  userId: number | null;
  memo?: string;
  rechargeId?: number | null;
  paymentId?: number | null;
  staffId?: number | null;
  postings: Posting[];
}

/** Money in minor units as text for messages and files ("1234" -> "12.34", "-5" -> "-0.05"): the contract's one writer. */
export const formatMinor = minorToDecimal;

/** A bill's amount in the wallet currency; anything owed costs at least one cent, so no payment is of nothing. */
export function toWalletMinor(currency: string, amountMinor: number, rate: string): number {
  return currency === 'RMB' ? Math.max(1, rmbToSgdMinor(amountMinor, rate)) : amountMinor;
}

async function systemAccountId(tx: Tx, code: SystemAccount): Promise<number> {
  await tx.insert(ledgerAccounts).values({ code, kind: 'system', currency: WALLET_CURRENCY }).onConflictDoNothing();
  const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row.id;
}

/** The user's wallet row, created on first use, locked until the transaction ends. */
export async function lockWallet(tx: Tx, userId: number) {
  await tx
    .insert(ledgerAccounts)
    .values({ code: `wallet:${userId}:${WALLET_CURRENCY}`, kind: 'wallet', userId, currency: WALLET_CURRENCY })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, WALLET_CURRENCY)))
    .for('update');
  return row;
}

export async function walletBalance(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ b: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, WALLET_CURRENCY)));
  return row?.b ?? 0;
}

export async function walletAccountId(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, WALLET_CURRENCY)));
  return row?.id ?? null;
}

/**
 * Moves a wallet's balance by `amount` in one guarded statement (the row lock is taken here and held only
 * to the end of the caller's transaction). Creates the wallet on first use. Refuses below zero with the
 * shortfall; the table's CHECK is the last guard.
 */
async function moveWallet(tx: Tx, userId: number, amount: number): Promise<{ accountId: number; balance: number }> {
  const move = () =>
    tx
      .update(ledgerAccounts)
      .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${amount}` })
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.currency, WALLET_CURRENCY),
          sql`${ledgerAccounts.balanceMinor} + ${amount} >= 0`,
        ),
      )
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceMinor });
  let [moved] = await move();
  if (!moved) {
    // No wallet yet, or not enough in it: the rare path may take more statements.
    const account = await lockWallet(tx, userId);
    if (account.balanceMinor + amount < 0)
      throw new DomainError(
        'INSUFFICIENT_BALANCE',
        { shortfall: formatMinor(-(account.balanceMinor + amount)) },
        { shortfall: sgd(-(account.balanceMinor + amount)), balance: sgd(account.balanceMinor), charge: sgd(-amount) },
      );
    [moved] = await move();
  }
  return { accountId: moved.id, balance: moved.balance };
}

/**
 * A caller's own writes that belong to the same movement (e.g. marking the bills paid and the payment succeeded):
 * data-modifying statements that may read the new ledger transaction's id and the wallet's balance after the move.
 * On the common path they run inside the ledger's one statement; otherwise each on its own, right after.
 *
 * Every value goes through `v(name)`, from `values`: on PostgreSQL the one statement is built once per `shape` (the
 * writes' SQL text must be the same for one shape) and run again with new values, a placeholder each; elsewhere
 * `v` gives the value itself. Names that start with `ledger_` are the ledger's own.
 */
export interface AlsoWrite {
  shape: string;
  values: Record<string, unknown>;
  build: (refs: AlsoRefs, v: (name: string) => SQLWrapper) => SQL[];
}
export interface AlsoRefs {
  transactionId: SQL;
  balanceAfter: SQL;
  /**
   * True once the movement is written. A data-modifying CTE runs even when the wallet UPDATE before it moved
   * nothing (the general path then runs the writes again), so each write puts this in its WHERE.
   */
  moved: SQL;
}

/**
 * Writes one balanced ledger transaction inside the caller's DB transaction.
 *
 * The common case, one wallet and system accounts that exist, is ONE statement: the guarded wallet UPDATE
 * (refuses below zero; it takes the wallet's row lock, so the lock is held from here to the caller's COMMIT
 * only), the transaction row, all entries and the caller's `also` write, as data-modifying CTEs that each
 * read the previous one's RETURNING. If that statement moves nothing (no wallet yet, too little in it, or a
 * system account not created yet on a fresh database) it wrote nothing either, and the general path below
 * runs: wallets move in user-id order (so two transactions touching the same wallets cannot deadlock), each
 * by a guarded UPDATE, then the transaction row and the entries.
 *
 * `last` (PostgreSQL): this is the caller's last statement, sent with its transaction's COMMIT, so the wallet's row
 * lock is held for one round trip; where the one statement cannot move the wallet, the whole transaction is rolled
 * back and LedgerNotMovedError thrown, for the caller to run it again without `last`.
 */
export async function postTransaction(
  tx: Tx,
  input: PostInput,
  also?: AlsoWrite,
  opts: { last?: boolean } = {},
): Promise<{ id: number; balances: Map<number, number> }> {
  const { wallets, system } = movesOf(input);

  if (wallets.length === 1 && system.length > 0) {
    const done = await postOneWallet(tx, input, wallets[0], system, also, !!opts.last && canCommitWithStatement(tx));
    if (done) return done;
  }

  const balances = new Map<number, number>();
  const walletRows: { accountId: number; amount: number; balance: number }[] = [];
  for (const [userId, amount] of wallets) {
    const moved = await moveWallet(tx, userId, amount);
    balances.set(userId, moved.balance);
    walletRows.push({ accountId: moved.accountId, amount, balance: moved.balance });
  }

  const [t] = await tx
    .insert(ledgerTransactions)
    .values({
      type: input.type,
      userId: input.userId,
      memo: input.memo ?? '',
      rechargeId: input.rechargeId ?? null,
      paymentId: input.paymentId ?? null,
      staffId: input.staffId ?? null,
    })
    .returning({ id: ledgerTransactions.id });

  // All entries in one INSERT: wallet rows name their account, system rows are found by code.
  const values = [
    ...walletRows.map((w) => sql`(null::text, ${w.accountId}::int, ${w.amount}::bigint, ${w.balance}::bigint)`),
    ...system.map(([code, amount]) => sql`(${code}::text, null::int, ${amount}::bigint, null::bigint)`),
  ];
  const insertEntries = () =>
    tx.execute(sql`
      insert into ledger_entries (transaction_id, account_id, currency, amount_minor, balance_after_minor)
      select ${t.id}, coalesce(v.account_id, a.id), ${WALLET_CURRENCY}, v.amount, v.balance_after
      from (values ${sql.join(values, sql`, `)}) as v(code, account_id, amount, balance_after)
      left join ledger_accounts a on a.code = v.code
      where coalesce(v.account_id, a.id) is not null
      returning id`) as unknown as Promise<{ rows: unknown[] }>;
  const written = await insertEntries();
  if (written.rows.length !== values.length) {
    // First use of a system account (a fresh database): create what is missing, then write them all.
    await tx.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, t.id));
    for (const [code] of system) await systemAccountId(tx, code);
    const again = await insertEntries();
    if (again.rows.length !== values.length) throw new Error('ledger entries could not be written');
  }
  if (also) {
    const owner = input.userId ?? wallets[0]?.[0] ?? null;
    const balance = owner === null ? null : (balances.get(owner) ?? (await walletBalance(tx, owner)));
    const writes = also.build(
      { transactionId: sql`${t.id}::int`, balanceAfter: sql`${balance}::bigint`, moved: sql`true` },
      valueOf(also.values),
    );
    for (const w of writes) await tx.execute(w);
  }
  return { id: t.id, balances };
}

/** The postings summed per wallet (in user-id order) and per system account, zeros left out; refuses unbalanced ones. */
function movesOf(input: PostInput) {
  const postings = input.postings.filter((p) => p.amountMinor !== 0);
  for (const p of postings) if (!Number.isSafeInteger(p.amountMinor)) throw new Error('ledger amounts must be safe integers');
  const sum = postings.reduce((a, p) => a + p.amountMinor, 0);
  if (sum !== 0 || postings.length < 2) throw new Error(`unbalanced ledger transaction (sum ${sum}, ${postings.length} postings)`);

  const walletMoves = new Map<number, number>();
  const systemMoves = new Map<SystemAccount, number>();
  for (const p of postings) {
    if ('wallet' in p) walletMoves.set(p.wallet, (walletMoves.get(p.wallet) ?? 0) + p.amountMinor);
    else systemMoves.set(p.system, (systemMoves.get(p.system) ?? 0) + p.amountMinor);
  }
  const wallets = [...walletMoves].filter(([, amount]) => amount !== 0).sort((a, b) => a[0] - b[0]);
  const system = [...systemMoves].filter(([, amount]) => amount !== 0);
  return { wallets, system };
}

/** A movement of postOneWalletBatch: one wallet against system accounts, with the caller's writes. */
export interface BatchPost {
  input: PostInput;
  also: AlsoWrite;
}

/**
 * Several movements, each of one wallet against system accounts and each of a different wallet, as ONE statement
 * (postOneWallet's chain of CTEs once per movement), sent with the transaction's COMMIT where it can be (a pipelined
 * PostgreSQL transaction, canCommitWithStatement), so it must be the caller's last. For batched payments: one round
 * trip and one commit for several.
 *
 * The wallets' row locks are taken in the order given; callers give the movements in user-id order, so two batches
 * cannot wait on each other's wallets. If any movement cannot be made (too little in its wallet, no wallet yet, a
 * system account not created yet) nothing is: the whole transaction is rolled back and LedgerNotMovedError thrown,
 * and the caller runs each movement on its own, where postTransaction decides. Returns each movement's transaction
 * id and its wallet's balance after, in the order given.
 */
export async function postOneWalletBatch(tx: Tx, posts: BatchPost[]): Promise<{ id: number; balance: number }[]> {
  const values: Record<string, unknown> = {};
  const shapes: { systemCount: number; also: AlsoWrite }[] = [];
  let lastUser = -Infinity;
  posts.forEach(({ input, also }, i) => {
    const { wallets, system } = movesOf(input);
    if (wallets.length !== 1 || !system.length) throw new Error('ledger: a batched movement is one wallet against system accounts');
    const [[userId, amount]] = wallets;
    if (userId <= lastUser) throw new Error('ledger: a batch moves distinct wallets, in user-id order');
    lastUser = userId;
    for (const [name, value] of Object.entries(oneWalletValues(input, [userId, amount], system, also))) values[`m${i}_${name}`] = value;
    shapes.push({ systemCount: system.length, also });
  });
  // Every movement's chain, then one row per movement; ledger_require_moved fails the statement if any did not move.
  const statement = (v: (name: string) => SQLWrapper) => {
    const chains = shapes.map((s, i) => oneWalletChain(s.systemCount, s.also, (name) => v(`m${i}_${name}`), `_${i}`));
    const rows = chains.map(
      (c, i) =>
        sql`select ${sql.raw(String(i))} as m, (select id from ${c.t}) as transaction_id, (select balance_minor from ${c.w}) as balance,
          ledger_require_moved(exists (select 1 from ${c.t}))`,
    );
    return sql`with ${sql.join(
      chains.map((c) => c.ctes),
      sql`, `,
    )} ${sql.join(rows, sql` union all `)}`;
  };
  let res: { rows: { m: number; transaction_id: number; balance: string | number }[] };
  try {
    if (runsNamed(tx)) {
      const key = JSON.stringify(shapes.map((s) => [s.systemCount, s.also.shape]));
      let built = batchStatements.get(key);
      if (!built) {
        for (const { also } of shapes) assertValuesNamed(tx, also);
        built = namedTextOf(
          tx,
          statement((name) => sql.placeholder(name)),
        );
        if (batchStatements.size < 100) batchStatements.set(key, built);
      }
      res = await executeNamedText(tx, built, fillPlaceholders(built.params, values), { commit: canCommitWithStatement(tx) });
    } else res = await executeNamed(tx, statement(valueOf(values)));
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === 'LG001') throw new LedgerNotMovedError();
    throw e;
  }
  const out: { id: number; balance: number }[] = [];
  for (const row of res.rows) out[Number(row.m)] = { id: Number(row.transaction_id), balance: Number(row.balance) };
  if (out.length !== posts.length || posts.some((_, i) => !out[i]))
    throw new Error('ledger: a batch answered a different number of movements');
  return out;
}
const batchStatements = new Map<string, NamedText>();

/**
 * Thrown by postTransaction called with `last` when the one statement could not move the wallet: the transaction
 * is rolled back, whole (its COMMIT went with the statement and became a ROLLBACK). The caller runs it again
 * without `last`, where the general path decides (too little in the wallet, no wallet yet, a first system account).
 */
export class LedgerNotMovedError extends Error {
  constructor() {
    super('ledger: the wallet was not moved; run the transaction again without `last`');
  }
}

/**
 * The one-statement path of postTransaction; null when it wrote nothing (see there). With `commit` the statement is
 * the transaction's last and goes out with its COMMIT: it then fails instead of writing nothing (migration 0018's
 * ledger_require_moved), which rolls the whole transaction back, and this throws LedgerNotMovedError.
 */
async function postOneWallet(
  tx: Tx,
  input: PostInput,
  [userId, amount]: [number, number],
  system: [SystemAccount, number][],
  also: AlsoWrite | undefined,
  commit: boolean,
): Promise<{ id: number; balances: Map<number, number> } | null> {
  const values = oneWalletValues(input, [userId, amount], system, also);
  let res: { rows: { transaction_id: number; balance: string | number }[] };
  try {
    if (runsNamed(tx)) {
      // Built once per shape (building it on every payment was costly), then only the values change.
      const key = JSON.stringify([system.length, also?.shape ?? null, commit]);
      let built = oneWalletStatements.get(key);
      if (!built) {
        if (also) assertValuesNamed(tx, also);
        built = namedTextOf(
          tx,
          oneWalletStatement(system.length, also, commit, (name) => sql.placeholder(name)),
        );
        if (oneWalletStatements.size < 100) oneWalletStatements.set(key, built);
      }
      res = await executeNamedText(tx, built, fillPlaceholders(built.params, values), { commit });
    } else {
      res = await executeNamed(tx, oneWalletStatement(system.length, also, commit, valueOf(values)), { commit });
    }
  } catch (e) {
    if (commit && (e as { code?: string }).code === 'LG001') throw new LedgerNotMovedError();
    throw e;
  }
  const [row] = res.rows;
  if (!row) return null;
  return { id: Number(row.transaction_id), balances: new Map([[userId, Number(row.balance)]]) };
}
const oneWalletStatements = new Map<string, NamedText>();

/** The values of one wallet's chain of CTEs (oneWalletChain): the caller's, and the ledger's own as ledger_*. */
function oneWalletValues(input: PostInput, [userId, amount]: [number, number], system: [SystemAccount, number][], also?: AlsoWrite) {
  if (also && Object.keys(also.values).some((k) => k.startsWith('ledger_'))) throw new Error('ledger: a caller value is named ledger_*');
  const values: Record<string, unknown> = {
    ...also?.values,
    ledger_user: userId,
    ledger_amount: amount,
    ledger_type: input.type,
    ledger_tx_user: input.userId ?? null,
    ledger_memo: input.memo ?? '',
    ledger_recharge: input.rechargeId ?? null,
    ledger_payment: input.paymentId ?? null,
    ledger_staff: input.staffId ?? null,
  };
  system.forEach(([code, a], i) => ((values[`ledger_code_${i}`] = code), (values[`ledger_system_${i}`] = a)));
  return values;
}

/**
 * A value put in the caller's writes directly, not through `v`, would be kept with the statement and written again
 * by every later call of the shape: refused when the shape is first built.
 */
function assertValuesNamed(tx: Tx, also: AlsoWrite) {
  const refs = { transactionId: sql`0`, balanceAfter: sql`0`, moved: sql`true` };
  const writes = also.build(refs, (name) => sql.placeholder(name));
  const { params } = namedTextOf(tx, sql.join(writes, sql`; `));
  if (params.some((p) => !is(p, Placeholder)))
    throw new Error(`ledger: the writes of shape '${also.shape}' hold a value not given through v(name)`);
}

/** A value for `v(name)` where the statement is not kept: the value itself, as a parameter. */
const valueOf =
  (values: Record<string, unknown>) =>
  (name: string): SQLWrapper => {
    if (!(name in values)) throw new Error(`ledger: no value for ${name}`);
    return sql`${values[name]}`;
  };

/** postOneWallet's statement, every value through `v` (see AlsoWrite). */
function oneWalletStatement(systemCount: number, also: AlsoWrite | undefined, commit: boolean, v: (name: string) => SQLWrapper): SQL {
  const chain = oneWalletChain(systemCount, also, v, '');
  return sql`with ${chain.ctes}
    ${
      commit
        ? sql`select (select id from t) as transaction_id, (select balance_minor from w) as balance, ledger_require_moved(exists (select 1 from t))`
        : sql`select t.id as transaction_id, w.balance_minor as balance from t, w`
    }`;
}

/**
 * The CTEs of one movement of one wallet: `w<suffix>` moves the wallet (guarded), `t<suffix>` writes the transaction,
 * `e<suffix>` the entries, then the caller's writes. Several chains with distinct suffixes make one statement for
 * several movements (postOneWalletBatch).
 */
function oneWalletChain(systemCount: number, also: AlsoWrite | undefined, v: (name: string) => SQLWrapper, suffix: string) {
  const w = sql.raw(`w${suffix}`);
  const t = sql.raw(`t${suffix}`);
  const e = sql.raw(`e${suffix}`);
  const idx = Array.from({ length: systemCount }, (_, i) => i);
  const codes = sql.join(
    idx.map((i) => sql`${v(`ledger_code_${i}`)}::text`),
    sql`, `,
  );
  const systemValues = sql.join(
    idx.map((i) => sql`(${v(`ledger_code_${i}`)}::text, ${v(`ledger_system_${i}`)}::bigint)`),
    sql`, `,
  );
  const writes = also?.build(
    {
      transactionId: sql`(select id from ${t})`,
      balanceAfter: sql`(select balance_minor from ${w})`,
      moved: sql`exists (select 1 from ${t})`,
    },
    v,
  );
  const extra = sql.join((writes ?? []).map((wr, i) => sql`, ${sql.raw(`also_write${suffix}_${i}`)} as (${wr})`));
  const amount = v('ledger_amount');
  const ctes = sql`${w} as (
      update ledger_accounts set balance_minor = balance_minor + ${amount}::bigint
      where user_id = ${v('ledger_user')}::int and currency = ${WALLET_CURRENCY} and balance_minor + ${amount}::bigint >= 0
        and (select count(*) from ledger_accounts s where s.code in (${codes})) = ${systemCount}
      returning id, balance_minor
    ), ${t} as (
      insert into ledger_transactions (type, user_id, memo, recharge_id, payment_id, staff_id)
      select ${v('ledger_type')}::text, ${v('ledger_tx_user')}::int, ${v('ledger_memo')}::text, ${v('ledger_recharge')}::int,
        ${v('ledger_payment')}::int, ${v('ledger_staff')}::int
      from ${w}
      returning id
    ), ${e} as (
      insert into ledger_entries (transaction_id, account_id, currency, amount_minor, balance_after_minor)
      select ${t}.id, ${w}.id, ${WALLET_CURRENCY}, ${amount}::bigint, ${w}.balance_minor from ${t}, ${w}
      union all
      select ${t}.id, a.id, ${WALLET_CURRENCY}, v.amount, null
      from ${t}, (values ${systemValues}) as v(code, amount) join ledger_accounts a on a.code = v.code
    )${extra}`;
  return { ctes, t, w };
}

/** The proof the books balance (staff reconciliation, tests). */
export async function reconcile(tx: Tx) {
  const currencies = (await tx.execute(
    sql`select currency, coalesce(sum(amount_minor),0)::bigint as sum, count(*)::int as n from ledger_entries group by currency order by currency`,
  )) as unknown as {
    rows: { currency: string; sum: string | number; n: number }[];
  };
  const unbalanced = (await tx.execute(
    sql`select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0 order by transaction_id`,
  )) as unknown as {
    rows: { transaction_id: number }[];
  };
  const wallets = (await tx.execute(sql`
    select a.user_id, a.balance_minor::bigint as stored, coalesce(sum(e.amount_minor),0)::bigint as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.kind = 'wallet' group by a.id, a.user_id, a.balance_minor order by a.user_id`)) as unknown as {
    rows: { user_id: number; stored: string | number; entries: string | number }[];
  };
  const accounts = (await tx.execute(sql`
    select a.code, a.currency, coalesce(sum(e.amount_minor),0)::bigint as balance
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.kind = 'system' group by a.id order by a.code`)) as unknown as {
    rows: { code: string; currency: string; balance: string | number }[];
  };
  const mismatches = wallets.rows
    .map((w) => ({ user_id: w.user_id, stored_minor: Number(w.stored), entries_minor: Number(w.entries) }))
    .filter((w) => w.stored_minor !== w.entries_minor || w.stored_minor < 0);
  const cur = currencies.rows.map((c) => ({ currency: c.currency, sum_minor: Number(c.sum), entries: c.n }));
  return {
    ok: cur.every((c) => c.sum_minor === 0) && unbalanced.rows.length === 0 && mismatches.length === 0,
    currencies: cur,
    unbalanced_transactions: unbalanced.rows.map((r) => r.transaction_id),
    wallets_checked: wallets.rows.length,
    wallet_mismatches: mismatches,
    accounts: accounts.rows.map((a) => ({ code: a.code, currency: a.currency, balance_minor: Number(a.balance) })),
  };
}

export async function findEntriesOfTransaction(tx: Tx, transactionIds: number[]) {
  if (!transactionIds.length) return [];
  return tx.select().from(ledgerEntries).where(inArray(ledgerEntries.transactionId, transactionIds)).orderBy(asc(ledgerEntries.id));
}
