import { clientViews, findDuplicates, formFieldsById, mergeClients, updateClient } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import type { MemberActor } from '../http/actor.js';
import { AppError } from '../http/app-error.js';
import { findChat, type ChatRow } from './telegram.repository.js';

/**
 * Telegram gives a contact's number as its international digits, often without the '+'
 * ('79991234567'); read as such, never as a national number of the project's country.
 */
export const internationalNumber = (phone: string) => (phone.trim().startsWith('+') ? phone.trim() : `+${phone.trim()}`);

/**
 * A writer already known by his chat shares his own number (docs/product.md §5.9, "Who writes"):
 * when his client has no phone yet, the duplicate rule looks for the client with that number; found,
 * the chat's client is merged into him (he stays: the team's earlier work is his); not found, the
 * number is written on the chat's client. A client who has a phone keeps it: the number stays a
 * message. Answers the chat as it is now (its client may have changed).
 */
export async function takeSharedNumber(deps: AppDeps, caller: MemberActor, chat: ChatRow, phone: string): Promise<ChatRow> {
  const form = await formFieldsById(deps.db, caller.projectId);
  const phoneFields = [...form.values()].filter((f) => f.type === 'phone_number');
  const client = (await clientViews(deps.db, caller.projectId, [chat.client_id])).get(chat.client_id);
  if (!client || phoneFields.length === 0) return chat;
  const own = new Set(client.fields.filter((v) => v.value !== '').map((v) => v.field_id));
  if (phoneFields.some((f) => own.has(f.id))) return chat;
  const value = { field_id: phoneFields[0]!.id, value: internationalNumber(phone) };
  const duplicates = await findDuplicates(deps.db, caller, { clientId: client.id, name: '', last_name: '', fields: [value] });
  const same = duplicates.find((d) => d.matches.includes('phone_number') && d.client);
  try {
    if (same?.client) await mergeClients(deps, caller, same.client.id, client.id);
    else await updateClient(deps, caller, client.id, { name: client.name, last_name: client.last_name, fields: [...client.fields, value], incomplete: true });
  } catch (error) {
    // A number the form refuses (or a client gone meanwhile) stays a message: never a stuck update.
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ err: error.message, chat: chat.id }, 'telegram shared number not written on the client');
  }
  return (await findChat(deps.db, chat.bot_id, chat.telegram_user_id)) ?? chat;
}
