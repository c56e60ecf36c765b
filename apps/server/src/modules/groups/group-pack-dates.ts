import type { PackPattern } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { JobQueue } from '../../core/jobs.ts';
import { addDays, firstAllowedDate, packDates } from './pack-dates.ts';
import * as repo from './groups.repository.ts';
import type { GroupRow } from './groups.repository.ts';
import { DATES_AHEAD, leaderGroup, PACK_DATES_JOB, type GroupsCtx } from './groups.shared.ts';
import type { GroupViews } from './group-views.ts';

/** A group's packing pattern and the dates generated from it (a daily job keeps them ahead). */
export class GroupPackDates {
  constructor(
    private readonly d: GroupsCtx,
    private readonly views: GroupViews,
  ) {}

  async setPackDate(userId: number, i: { pattern: PackPattern; weekday?: number; start_date: string }) {
    const first = firstAllowedDate(this.d.now());
    if (i.start_date < first) throw new DomainError('PACK_DATE_TOO_EARLY', { date: first });
    const holidays = await this.d.packs.holidays();
    if (i.pattern === 'once' && holidays.has(i.start_date)) throw new DomainError('PACK_DATE_HOLIDAY', { date: i.start_date });
    return this.d.db.transaction(async (tx) => {
      const g = await leaderGroup(tx, userId, true);
      const row = await repo.updateGroup(tx, g.id, {
        pattern: i.pattern,
        weekday: i.pattern === 'once' ? null : i.weekday!,
        startDate: i.start_date,
      });
      await this.generateDates(tx, row, holidays);
      return this.views.detail(tx, row, userId);
    });
  }

  /** Regenerates a group's coming dates from its pattern and makes sure the next date has its batch. */
  private async generateDates(tx: Tx, g: GroupRow, holidays: ReadonlySet<string>) {
    if (!g.pattern || !g.startDate) return;
    const earliest = firstAllowedDate(this.d.now());
    const dates = packDates({
      pattern: g.pattern as PackPattern,
      weekday: g.weekday,
      startDate: g.startDate,
      earliest,
      holidays,
      count: DATES_AHEAD,
    });
    await repo.replaceFutureDates(tx, g.id, earliest, dates);
    if (dates[0]) await repo.ensureBatch(tx, g.id, dates[0]);
    await this.dropStaleDates(tx, g, earliest, dates);
  }

  /**
   * Dates that are no longer packing dates: their batches still waiting for planning (no packs in them yet)
   * are cancelled, so staff cannot plan one and pull members' packs into it; packs already waiting for such a
   * date move to the next real date, and their members are told.
   */
  private async dropStaleDates(tx: Tx, g: GroupRow, earliest: string, dates: string[]) {
    const real = new Set(dates);
    for (const b of await repo.findWaitingBatchesFrom(tx, g.id, earliest))
      if (!real.has(b.packDate) && b.linked === 0) await repo.updateBatch(tx, b.id, { status: 'cancelled' });
    if (!dates.length) return;
    const waiting = (await this.d.packs.packs(tx, { groupId: g.id, statuses: ['applied'] })).filter(
      (p) => !p.batchId && p.packDate && p.packDate >= earliest && !real.has(p.packDate),
    );
    const linked = new Set(
      await repo.findLinkedPackIds(
        tx,
        waiting.map((p) => p.id),
      ),
    );
    const moves = waiting
      .filter((p) => !linked.has(p.id))
      .map((p) => ({ pack: p, packDate: dates.find((d) => d >= p.packDate!) ?? dates[dates.length - 1] }));
    if (!moves.length) return;
    await this.d.packs.setPackDates(
      tx,
      moves.map((m) => ({ packId: m.pack.id, packDate: m.packDate })),
    );
    for (const { pack, packDate } of moves)
      await this.d.notifications?.notify(tx, {
        userId: pack.userId,
        kind: 'group.packDate',
        title: { en: 'Your packing date has changed', zh_CN: '您的打包日期已变更' },
        body: {
          en: `Your leader changed the group's packing dates: pack ${pack.packNo} now packs on ${packDate} (was ${pack.packDate}).`,
          zh_CN: `团长调整了打包日期：包裹 ${pack.packNo} 改为 ${packDate} 打包（原 ${pack.packDate}）。`,
        },
      });
  }

  /** The daily job: every patterned group's dates stay generated ahead (idempotent). */
  async generateAllDates() {
    const holidays = await this.d.packs.holidays();
    const rows = await repo.findGroupsWithPattern(this.d.db);
    for (const g of rows) await this.d.db.transaction((tx) => this.generateDates(tx, g, holidays));
    return rows.length;
  }

  registerJobs(jobs: JobQueue) {
    jobs.register(PACK_DATES_JOB, async () => {
      await this.generateAllDates();
    });
    jobs.schedule(PACK_DATES_JOB, '5 0 * * *');
  }

  /** Demo: a future date helper for seeds. */
  nextAllowed(days = 0) {
    return addDays(firstAllowedDate(this.d.now()), days);
  }
}
