import { formatMoment } from '@crm/contract';
import type { ScenarioEventType } from '@crm/contract';
import { chosenOptionIds, clientsByIds, findCategory, pipelineEvents } from '../clients/index.js';
import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { findProjectTimezone } from '../lib/project-days.js';
import {
  followClientOwner,
  handOverOpenReminders,
  insertReminder,
  moveClientReminders,
  skipTriggered,
} from './reminders.repository.js';
import { listGroup, listScenarioPostIds } from './scenarios.repository.js';

type Who = Pick<DomainEvent, 'projectId' | 'actorId' | 'impersonatorId'>;

const findClient = async (tx: Tx, projectId: number, clientId: number) =>
  (await clientsByIds(tx.db, [clientId], projectId)).get(clientId);

/**
 * The client entered a scenario's event: each scenario of that event, in its order, makes a
 * reminder for the client's manager (due `schedule_for` later, notified `remind_before`
 * earlier) with its checklist, hint and articles, in the same transaction as the change.
 */
async function fire(tx: Tx, who: Who, clientId: number, type: ScenarioEventType, eventId: number) {
  const scenarios = await listGroup(tx.db, who.projectId, type, eventId);
  if (scenarios.length === 0) return;
  const client = await findClient(tx, who.projectId, clientId);
  if (!client) return;
  const tz = await findProjectTimezone(tx.db, who.projectId);
  const now = tx.now.toISOString();
  for (const s of scenarios) {
    const due = new Date(tx.now.getTime() + s.schedule_for * 1000);
    const posts = await listScenarioPostIds(tx.db, s.id);
    const id = await insertReminder(tx.db, {
      project_id: who.projectId,
      client_id: client.id,
      manager_id: client.manager_id,
      template_id: s.id,
      trigger_type: type,
      trigger_id: eventId,
      title: s.title,
      status: 'pending',
      completion_date: due.toISOString(),
      remind_before: Math.round(s.remind_before / 60),
      notify_at: new Date(due.getTime() - s.remind_before * 1000).toISOString(),
      comments: '[]',
      description: s.description,
      status_changed_at: now,
      created_at: now,
      updated_at: now,
      tasks: JSON.parse(s.tasks) as string[],
      posts: posts.map((p) => p.post_id),
    });
    await tx.record({
      projectId: who.projectId,
      actorId: who.actorId,
      impersonatorId: who.impersonatorId ?? null,
      kind: 'client_reminder.created',
      subjectType: 'client_reminder',
      subjectId: id,
      clientId: client.id,
      message: `Сценарий «${s.title}» создал напоминание по клиенту «${client.name} ${client.last_name}» на ${formatMoment(due, tz)}`,
      before: null,
      after: { id, template_id: s.id, completion_date: due.toISOString() },
    });
  }
}

/** The client left what made some of his scenario reminders: those not done become skipped. */
async function skip(
  tx: Tx,
  who: Who,
  clientId: number,
  type: ScenarioEventType,
  triggerIds: number[],
  reason: string,
) {
  const skipped = await skipTriggered(tx.db, clientId, type, triggerIds, tx.now.toISOString());
  for (const r of skipped) {
    await tx.record({
      projectId: who.projectId,
      actorId: who.actorId,
      impersonatorId: who.impersonatorId ?? null,
      kind: 'client_reminder.skipped',
      subjectType: 'client_reminder',
      subjectId: r.id,
      clientId,
      message: `Напоминание «${r.title}» пропущено: ${reason}`,
      before: { status: 'pending' },
      after: { status: 'skipped' },
    });
  }
}

/** A new client: his first category and the options he was given count as entered. */
/** An imported client starts the scenarios of his stage and options only when the admin asked for it. */
export async function onClientImported(tx: Tx, event: DomainEvent<'client.imported'>) {
  if (event.data.startScenarios) await onClientCreated(tx, event);
}

export async function onClientCreated(tx: Tx, event: DomainEvent<'client.created'> | DomainEvent<'client.imported'>) {
  const { clientId, categoryId } = event.data;
  await fire(tx, event, clientId, 'client_category_changed', categoryId);
  for (const optionId of await chosenOptionIds(tx.db, clientId)) {
    await fire(tx, event, clientId, 'client_form_field_changed', optionId);
  }
}

export async function onCategoryChanged(tx: Tx, event: DomainEvent<'client_category_changed'>) {
  const { clientId, fromCategoryId, toCategoryId } = event.data;
  const from = await findCategory(tx.db, event.projectId, fromCategoryId);
  await skip(
    tx,
    event,
    clientId,
    'client_category_changed',
    [fromCategoryId],
    `клиент покинул категорию «${from?.name ?? fromCategoryId}»`,
  );
  await fire(tx, event, clientId, 'client_category_changed', toCategoryId);
}

export async function onFieldChanged(tx: Tx, event: DomainEvent<'client_form_field_changed'>) {
  const { clientId, fieldId, optionId } = event.data;
  const field = (await pipelineEvents(tx.db, event.projectId)).fields.find((f) => f.id === fieldId);
  const others = (field?.options ?? []).filter((o) => o.id !== optionId);
  const reason = `у клиента изменилось поле «${field?.name ?? fieldId}»`;
  await skip(
    tx,
    event,
    clientId,
    'client_form_field_changed',
    others.map((o) => o.id),
    reason,
  );
  if (optionId !== null) await fire(tx, event, clientId, 'client_form_field_changed', optionId);
}

/** A client passed to another member: his open reminders follow him. */
export async function onClientUpdated(tx: Tx, event: DomainEvent<'client.updated'>) {
  if (!event.subjectId) return;
  const client = await findClient(tx, event.projectId, event.subjectId);
  if (client) await followClientOwner(tx.db, client.id, client.manager_id, tx.now.toISOString());
}

/**
 * A duplicate merged into the survivor: its reminders, done or not, are the survivor's now, and
 * the open ones follow the survivor's manager. No scenario starts (its reminders came along).
 */
export async function onClientMerged(tx: Tx, event: DomainEvent<'client.merged'>) {
  const { survivorId, mergedId, managerId } = event.data;
  const now = tx.now.toISOString();
  await moveClientReminders(tx.db, mergedId, survivorId, now);
  await followClientOwner(tx.db, survivorId, managerId, now);
}

/** A removed member's open reminders go with his clients to his successor. */
export async function onMemberRemoved(tx: Tx, event: DomainEvent<'member.removed'>) {
  await handOverOpenReminders(
    tx.db,
    event.projectId,
    event.data.userId,
    event.data.successorId,
    tx.now.toISOString(),
  );
}
