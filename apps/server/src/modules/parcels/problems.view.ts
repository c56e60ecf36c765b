import type { Language, ProblemChoice, ProblemStatus } from '@pinyou/contract';
import type { Tx } from '../../db/client.ts';
import { DomainError } from '../../core/errors.ts';
import * as problems from './problems.repository.ts';
import type { ProblemMessageRow, ProblemRow } from './problems.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A problem as its reader sees it: the reason in their language and the whole thread. */
export function problemView(p: ProblemRow, trackingNo: string, messages: ProblemMessageRow[], lang: Language) {
  return {
    id: p.id,
    parcel_id: p.parcelId,
    tracking_no: trackingNo,
    reason_code: p.reasonCode,
    reason: lang === 'zh_CN' ? p.reasonZh : p.reasonEn,
    note: p.note,
    photos: p.photos,
    status: p.status as ProblemStatus,
    resolution: p.resolution,
    created_at: p.createdAt.toISOString(),
    resolved_at: iso(p.resolvedAt),
    messages: messages
      .filter((m) => m.problemId === p.id)
      .map((m) => ({
        id: m.id,
        author: m.author as 'customer' | 'staff',
        choice: (m.choice as ProblemChoice | null) ?? null,
        message: m.message,
        files: m.files,
        at: m.createdAt.toISOString(),
      })),
  };
}

/** The parcel's latest problem with its thread (null when it never had one), for the parcel detail. */
export async function latestProblemView(tx: Tx, parcelId: number, trackingNo: string, lang: Language) {
  const p = await problems.findLatestProblemOfParcel(tx, parcelId);
  if (!p) return null;
  return problemView(p, trackingNo, await problems.findMessagesOfProblems(tx, [p.id]), lang);
}

/** Refuses packing while any of these parcels has an unresolved problem, naming the parcel. */
export async function requireNoOpenProblem(tx: Tx, parcels: Array<{ id: number; trackingNo: string }>) {
  const open = await problems.findUnresolvedOfParcels(
    tx,
    parcels.map((p) => p.id),
  );
  if (open.length) {
    const p = parcels.find((x) => x.id === open[0].parcelId)!;
    throw new DomainError('PARCEL_PROBLEM_OPEN', { tracking_no: p.trackingNo });
  }
}
