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
 * These clients entered a scenario's event (all the same event): each scenario of that event, in
 * its order, makes a reminder for each client's manager (due `schedule_for` later, notified
 * `remind_before` earlier) with its checklist, hint and articles, in the same transaction as the
 * change. The scenarios are read once for all of them (a bulk move's batch).
 */
async function fire(tx: Tx, who: Who, clientIds: number[], type: ScenarioEventType, eventId: number) {
  const scenarios = await listGroup(tx.db, who.projectId, type, eventId);
  if (scenarios.length === 0 || clientIds.length === 0) return;
  const clients = await clientsByIds(tx.db, clientIds, who.projectId);
  if (clients.size === 0) return;
  const tz = await findProjectTimezone(tx.db, who.projectId);
  const now = tx.now.toISOString();
  const created: DomainEvent[] = [];
  for (const s of scenarios) {
    const due = new Date(tx.now.getTime() + s.schedule_for * 1000);
    const posts = (await listScenarioPostIds(tx.db, s.id)).map((p) => p.post_id);
    for (const clientId of clientIds) {
      const client = clients.get(clientId);
      if (!client) continue;
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
        posts,
      });
      created.push({
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
  await tx.recordAll(created);
}

/** These clients left what made some of their scenario reminders: those not done become skipped. */
async function skip(
  tx: Tx,
  who: Who,
  clientIds: number[],
  type: ScenarioEventType,
  triggerIds: number[],
  reason: string,
) {
  const skipped = await skipTriggered(tx.db, clientIds, type, triggerIds, tx.now.toISOString());
  await tx.recordAll(
    skipped.map((r) => ({
      projectId: who.projectId,
      actorId: who.actorId,
      impersonatorId: who.impersonatorId ?? null,
      kind: 'client_reminder.skipped' as const,
      subjectType: 'client_reminder',
      subjectId: r.id,
      clientId: r.client_id,
      message: `Напоминание «${r.title}» пропущено: ${reason}`,
      before: { status: 'pending' },
      after: { status: 'skipped' },
    })),
  );
}

/** A new client: his first category and the options he was given count as entered. */
/** An imported client starts the scenarios of his stage and options only when the admin asked for it. */
export async function onClientImported(tx: Tx, event: DomainEvent<'client.imported'>) {
  if (event.data.startScenarios) await onClientCreated(tx, event);
}

export async function onClientCreated(
  tx: Tx,
  event: DomainEvent<'client.created'> | DomainEvent<'client.imported'>,
) {
  const { clientId, categoryId } = event.data;
  await fire(tx, event, [clientId], 'client_category_changed', categoryId);
  for (const optionId of await chosenOptionIds(tx.db, clientId)) {
    await fire(tx, event, [clientId], 'client_form_field_changed', optionId);
  }
}

/** Groups of events by a key (a move's stage left, or entered), in their order. */
const groupBy = <T, K>(items: T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/**
 * Moves (a bulk move's batch at once): the reminders of the stages left are skipped, the
 * scenarios of the stages entered start, for each set of clients by the same mover.
 */
export async function onCategoryChanged(tx: Tx, events: DomainEvent<'client_category_changed'>[]) {
  for (const [, same] of groupBy(events, (e) => `${e.projectId}:${e.actorId}:${e.impersonatorId ?? ''}`)) {
    const who = same[0]!;
    for (const [fromId, left] of groupBy(same, (e) => e.data.fromCategoryId)) {
      const from = await findCategory(tx.db, who.projectId, fromId);
      await skip(
        tx,
        who,
        left.map((e) => e.data.clientId),
        'client_category_changed',
        [fromId],
        `клиент покинул категорию «${from?.name ?? fromId}»`,
      );
    }
    for (const [toId, entered] of groupBy(same, (e) => e.data.toCategoryId))
      await fire(
        tx,
        who,
        entered.map((e) => e.data.clientId),
        'client_category_changed',
        toId,
      );
  }
}

export async function onFieldChanged(tx: Tx, event: DomainEvent<'client_form_field_changed'>) {
  const { clientId, fieldId, optionId } = event.data;
  const field = (await pipelineEvents(tx.db, event.projectId)).fields.find((f) => f.id === fieldId);
  const others = (field?.options ?? []).filter((o) => o.id !== optionId);
  const reason = `у клиента изменилось поле «${field?.name ?? fieldId}»`;
  await skip(
    tx,
    event,
    [clientId],
    'client_form_field_changed',
    others.map((o) => o.id),
    reason,
  );
  if (optionId !== null) await fire(tx, event, [clientId], 'client_form_field_changed', optionId);
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
