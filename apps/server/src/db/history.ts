import type { Db } from './database.js';

/**
 * One entry of the project's history (PRODUCT.md §7): who did what, when, as a readable Russian
 * sentence, with the state before and after. Every feature writes here inside its own
 * transaction; the History feature reads it.
 */
export type HistoryEntry = {
  projectId: number;
  /** Null when the server acts by itself (the scheduler). */
  actorId: number | null;
  /** The admin acting through a manager's account (a member_access token). */
  impersonatorId?: number | null;
  /** "<subject>.<what happened>", e.g. invitation.sent, member.removed, status.updated. */
  kind: string;
  subjectType: string;
  subjectId?: number | null;
  message: string;
  before?: unknown;
  after?: unknown;
};

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function recordHistory(db: Db, entry: HistoryEntry): Promise<void> {
  await db
    .insertInto('history_events')
    .values({
      project_id: entry.projectId,
      actor_id: entry.actorId,
      impersonator_id: entry.impersonatorId ?? null,
      kind: entry.kind,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId ?? null,
      message: entry.message,
      before: json(entry.before),
      after: json(entry.after),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Who acts in a request: the token's user, and the admin behind him when impersonating. */
export const actorOf = (auth: { user: { id: number }; impersonatorId: number | null }) => ({
  actorId: auth.user.id,
  impersonatorId: auth.impersonatorId,
});
