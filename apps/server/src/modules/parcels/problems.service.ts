import type { Language, ProblemChoice, ProblemReason, ProblemStatus } from '@pinyou/contract';
import { defaultProblemReasons, problemReasonSchema } from '@pinyou/contract';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { DomainError, ValidationError } from '../../core/errors.ts';
import * as repo from './parcels.repository.ts';
import * as problems from './problems.repository.ts';
import type { ProblemRow } from './problems.repository.ts';
import { problemView } from './problems.view.ts';
import { type Page, type ParcelsCtx, type ParcelsKit } from './parcels.shared.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { problemFlaggedNotice, problemRepliedNotice, problemResolvedNotice } from './parcels.notices.ts';

/** Where the list of reasons is kept in the settings table. */
export const PROBLEM_REASONS_KEY = 'parcel_problem_reasons';
const reasonList = z.array(problemReasonSchema).min(1);

/** Problem parcels (异常件): staff flag, the owner answers in a thread, staff reply and resolve. */
export class ProblemsService {
  constructor(
    private readonly ctx: ParcelsCtx,
    private readonly kit: ParcelsKit,
  ) {}

  async reasons() {
    return { list: await this.ctx.settings.getValue<ProblemReason[]>(PROBLEM_REASONS_KEY, reasonList, defaultProblemReasons) };
  }

  async saveReasons(staffId: number, list: ProblemReason[]) {
    const codes = new Set(list.map((r) => r.code));
    if (codes.size !== list.length) throw new ValidationError('rule.invalid', { field: 'code' });
    const before = (await this.reasons()).list;
    await this.ctx.settings.saveValue(PROBLEM_REASONS_KEY, list, staffId, 'admin/parcels/problemReasonsSave', before);
    return { list };
  }

  async flag(staffId: number, i: { parcel_id: number; reason_code: string; note: string; photos: string[] }, lang: Language) {
    const reason = (await this.reasons()).list.find((r) => r.code === i.reason_code);
    if (!reason) throw new DomainError('PROBLEM_REASON_UNKNOWN');
    try {
      const id = await this.ctx.db.transaction(async (tx) => {
        const parcel = await repo.findParcelById(tx, i.parcel_id);
        if (!parcel) throw new DomainError('OBJECT_NOT_FOUND');
        // At or after scan-in: the parcel is on a shelf (free or in a pack not yet measured).
        if (parcel.status !== 'warehouse' || !parcel.inboundAt)
          throw new DomainError('PARCEL_NOT_IN_WAREHOUSE', { tracking_no: parcel.trackingNo });
        const [open] = await problems.findUnresolvedOfParcels(tx, [parcel.id]);
        if (open) throw new DomainError('PROBLEM_EXISTS', { tracking_no: parcel.trackingNo });
        const row = await problems.insertProblem(tx, {
          parcelId: parcel.id,
          userId: parcel.userId,
          reasonCode: reason.code,
          reasonEn: reason.en,
          reasonZh: reason.zh_CN,
          note: i.note,
          photos: i.photos,
          flaggedBy: staffId,
          createdAt: this.ctx.now(),
          updatedAt: this.ctx.now(),
        });
        await repo.insertParcelEvents(tx, [{ parcelId: parcel.id, event: 'problem', note: reason.en }]);
        await this.kit.audit(tx, { action: 'admin/parcels/problemFlag', objectType: 'parcel_problem', objectId: row.id, after: row });
        await this.ctx.notifications?.notify(tx, problemFlaggedNotice(parcel, reason));
        return row.id;
      });
      return this.adminDetail(id, lang);
    } catch (e) {
      // Two staff flagging the same parcel at once: the unique index keeps one unresolved problem.
      if (isUniqueViolation(e)) throw new DomainError('PROBLEM_EXISTS', { tracking_no: String(i.parcel_id) });
      throw e;
    }
  }

  /** The owner's answer; anyone else's problem reads as not found. */
  async answer(userId: number, i: { problem_id: number; choice: ProblemChoice; message: string; files: string[] }, lang: Language) {
    if (i.choice === 'invoice' && !i.files.length) throw new DomainError('PROBLEM_INVOICE_FILE');
    return this.ctx.db.transaction(async (tx) => {
      const p = await problems.findProblemById(tx, i.problem_id, true);
      if (!p || p.userId !== userId) throw new DomainError('OBJECT_NOT_FOUND');
      const parcel = await this.kit.ownedParcel(tx, userId, p.parcelId);
      if (p.status === 'resolved') throw new DomainError('PROBLEM_STATE');
      await problems.insertProblemMessage(tx, {
        problemId: p.id,
        author: 'customer',
        choice: i.choice,
        message: i.message,
        files: i.files,
        createdAt: this.ctx.now(),
      });
      const row = await problems.updateProblem(tx, p.id, { status: 'answered', updatedAt: this.ctx.now() });
      await repo.insertParcelEvents(tx, [{ parcelId: parcel.id, event: 'problem_answered', note: i.choice }]);
      return problemView(row, parcel.trackingNo, await problems.findMessagesOfProblems(tx, [p.id]), lang);
    });
  }

  async reply(staffId: number, i: { id: number; message: string; files: string[] }, lang: Language) {
    await this.ctx.db.transaction(async (tx) => {
      const { p, parcel } = await this.lockedProblem(tx, i.id);
      if (p.status === 'resolved') throw new DomainError('PROBLEM_STATE');
      const msg = await problems.insertProblemMessage(tx, {
        problemId: p.id,
        author: 'staff',
        staffId,
        message: i.message,
        files: i.files,
        createdAt: this.ctx.now(),
      });
      // A staff reply asks the customer again: the problem waits for them.
      await problems.updateProblem(tx, p.id, { status: 'open', updatedAt: this.ctx.now() });
      await this.kit.audit(tx, { action: 'admin/parcels/problemReply', objectType: 'parcel_problem', objectId: p.id, after: msg });
      await this.ctx.notifications?.notify(tx, problemRepliedNotice(parcel, msg.id));
    });
    return this.adminDetail(i.id, lang);
  }

  async resolve(staffId: number, i: { id: number; resolution: string }, lang: Language) {
    await this.ctx.db.transaction(async (tx) => {
      const { p, parcel } = await this.lockedProblem(tx, i.id);
      if (p.status === 'resolved') throw new DomainError('PROBLEM_STATE');
      const row = await problems.updateProblem(tx, p.id, {
        status: 'resolved',
        resolution: i.resolution,
        resolvedBy: staffId,
        resolvedAt: this.ctx.now(),
        updatedAt: this.ctx.now(),
      });
      await repo.insertParcelEvents(tx, [{ parcelId: parcel.id, event: 'problem_resolved', note: i.resolution }]);
      await this.kit.audit(tx, {
        action: 'admin/parcels/problemResolve',
        objectType: 'parcel_problem',
        objectId: p.id,
        before: { status: p.status, resolution: p.resolution },
        after: { status: row.status, resolution: row.resolution },
      });
      await this.ctx.notifications?.notify(tx, problemResolvedNotice(parcel, p.id, i.resolution));
    });
    return this.adminDetail(i.id, lang);
  }

  async adminList(q: Page & { status?: ProblemStatus }, lang: Language) {
    const { rows, total } = await problems.findProblemsPage(this.ctx.db, q, q);
    return { list: await this.adminViews(this.ctx.db, rows, lang), total, page: q.page, page_size: q.page_size };
  }

  async adminDetail(id: number, lang: Language) {
    const p = await problems.findProblemById(this.ctx.db, id);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    return (await this.adminViews(this.ctx.db, [p], lang))[0];
  }

  private async lockedProblem(tx: Tx, id: number) {
    const p = await problems.findProblemById(tx, id, true);
    if (!p) throw new DomainError('OBJECT_NOT_FOUND');
    const parcel = await repo.findParcelById(tx, p.parcelId);
    if (!parcel) throw new DomainError('OBJECT_NOT_FOUND');
    return { p, parcel };
  }

  private async adminViews(tx: Tx, rows: ProblemRow[], lang: Language) {
    const [messages, parcels, owners] = await Promise.all([
      problems.findMessagesOfProblems(
        tx,
        rows.map((r) => r.id),
      ),
      Promise.all([...new Set(rows.map((r) => r.parcelId))].map((id) => repo.findParcelById(tx, id))),
      repo.findUserAccounts(tx, [...new Set(rows.map((r) => r.userId))]),
    ]);
    const parcelOf = new Map(parcels.filter((p) => !!p).map((p) => [p!.id, p!]));
    const accountOf = new Map(owners.map((o) => [o.id, o.userAccount]));
    return rows.map((r) => ({
      ...problemView(r, parcelOf.get(r.parcelId)?.trackingNo ?? '', messages, lang),
      shelf: parcelOf.get(r.parcelId)?.shelf ?? '',
      owner: { user_id: r.userId, user_account: accountOf.get(r.userId) ?? '' },
    }));
  }
}
