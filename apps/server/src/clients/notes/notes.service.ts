import type { ClientNote } from '@crm/contract';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { findClient, lockClient } from '../clients.repository.js';
import { ownScope, type MemberActor } from '../../http/actor.js';
import { CLIENT_404 } from '../clients.service.js';
import { findClientNote, insertClientNote, listClientNotes } from './notes.repository.js';

type NoteRow = Awaited<ReturnType<typeof findClientNote>>;

const toNoteView = (row: NoteRow): ClientNote => ({
  id: row.id,
  note: row.note,
  author: { id: row.author_id, name: row.author_name },
  created_at: row.created_at,
});

/** How much of a note the history sentence quotes. */
const QUOTED = 200;

const quote = (note: string) => {
  const line = note.replace(/\s+/g, ' ');
  return line.length > QUOTED ? `${line.slice(0, QUOTED)}…` : line;
};

/** A client's notes, newest first: whoever may reach the client (a manager only his own). */
export async function listNotes(
  { db }: AppDeps,
  caller: MemberActor,
  clientId: number,
): Promise<ClientNote[]> {
  const client = await findClient(db, caller.projectId, clientId, ownScope(caller));
  if (!client) throw notFound(CLIENT_404);
  return (await listClientNotes(db, caller.projectId, clientId)).map(toNoteView);
}

/** A new note by the caller, with its history entry; the client is held so it cannot go meanwhile. */
export function createNote(deps: AppDeps, caller: MemberActor, clientId: number, note: string) {
  return transaction(deps, async (tx) => {
    const client = await lockClient(tx.db, caller.projectId, clientId, ownScope(caller));
    if (!client) throw notFound(CLIENT_404);
    const { id } = await insertClientNote(tx.db, {
      projectId: caller.projectId,
      clientId,
      authorId: caller.actorId,
      note,
      now: tx.now.toISOString(),
    });
    const view = toNoteView(await findClientNote(tx.db, caller.projectId, id));
    await tx.record({
      ...caller,
      kind: 'client_note.created',
      subjectType: 'client',
      subjectId: clientId,
      message: `Добавлена заметка к клиенту «${client.name} ${client.last_name}»: «${quote(note)}»`,
      before: null,
      after: view,
      data: { clientId, managerId: client.manager_id },
    });
    return view;
  });
}
