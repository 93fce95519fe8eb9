import { CALL_IN_FUTURE, callOutcomeLabels, type CallOutcome, type ClientCall } from '@crm/contract';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { ownScope, type MemberActor } from '../../http/actor.js';
import { invalidField, notFound } from '../../http/app-error.js';
import { lockClient } from '../clients.repository.js';
import { CLIENT_404 } from '../clients.service.js';
import { findClientCall, insertClientCall, type ClientCallRow } from './calls.repository.js';

/** A browser's clock may run a little ahead of the server's: a call "now" is never refused for it. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** How much of a comment the history sentence quotes. */
const QUOTED = 200;

export const toCallView = (row: ClientCallRow): ClientCall => ({
  id: row.id,
  client_id: row.client_id,
  outcome: row.outcome as CallOutcome,
  duration: Number(row.duration),
  comment: row.comment,
  author: { id: row.author_id, name: row.author_name },
  called_at: row.called_at,
  created_at: row.created_at,
});

/** '5 мин 30 с', '45 с', '0 с'. */
export const callDurationText = (seconds: number) => {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} с`;
  return rest === 0 ? `${minutes} мин` : `${minutes} мин ${rest} с`;
};

const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > QUOTED ? `${line.slice(0, QUOTED)}…` : line;
};

/**
 * A call logged on a client: his manager on his own, an admin on any (another manager's → 404, as
 * every client route). Written with its history entry, which the client's timeline shows.
 */
export function logCall(
  deps: AppDeps,
  caller: MemberActor,
  clientId: number,
  input: { outcome: CallOutcome; duration: number; comment: string; called_at?: string | undefined },
) {
  return transaction(deps, async (tx) => {
    const client = await lockClient(tx.db, caller.projectId, clientId, ownScope(caller));
    if (!client) throw notFound(CLIENT_404);
    const calledAt = input.called_at === undefined ? tx.now : new Date(input.called_at);
    if (calledAt.getTime() > tx.now.getTime() + CLOCK_SKEW_MS)
      throw invalidField('called_at', CALL_IN_FUTURE);
    const { id } = await insertClientCall(tx.db, {
      projectId: caller.projectId,
      clientId,
      authorId: caller.actorId,
      outcome: input.outcome,
      duration: input.duration,
      comment: input.comment,
      calledAt: calledAt.toISOString(),
      now: tx.now.toISOString(),
    });
    const view = toCallView(await findClientCall(tx.db, caller.projectId, id));
    const outcome = callOutcomeLabels[input.outcome];
    const lasted = input.duration > 0 ? `, ${callDurationText(input.duration)}` : '';
    const said = input.comment === '' ? '' : `: «${quote(input.comment)}»`;
    await tx.record({
      ...caller,
      kind: 'client_call.logged',
      subjectType: 'client_call',
      subjectId: id,
      clientId,
      message: `Звонок клиенту «${client.name} ${client.last_name}» — ${outcome.toLowerCase()}${lasted}${said}`,
      before: null,
      after: view,
      data: { clientId, managerId: client.manager_id },
    });
    return view;
  });
}
