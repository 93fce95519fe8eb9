import type { HistoryKind, NotificationType, reminderCreateBody } from '@crm/contract';
import type { z } from 'zod';
import type { MemberActor } from '../http/actor.js';

/** A reminder as a person creates one (the contract's body, read). */
export type ReminderCreateInput = z.output<typeof reminderCreateBody>;

/**
 * Typed details a handler may rely on, per kind. A feature that emits or handles a kind with
 * details declares them here (e.g. what a category move carries); kinds without an entry carry
 * none.
 */
export interface DomainEventData {
  'member.removed': { userId: number; successorId: number };
  'status.goals_set': { statusId: number; goals: { client_category_id: number; goal: number }[] };
  /** A category is gone (it had no clients): what refers to it goes too (status goals). */
  'client_category.deleted': { categoryId: number };
  /** A new client in its first category. */
  'client.created': { clientId: number; managerId: number; categoryId: number };
  'client.deleted': { clientId: number; managerId: number; categoryId: number };
  /**
   * A duplicate was merged into the survivor (docs/product.md, "Duplicates"), in one transaction:
   * each feature moves its own rows of `mergedId` to `survivorId` (whose manager is `managerId`);
   * the merged client is deleted afterwards ('client.deleted'), with nothing left to take along.
   */
  'client.merged': { survivorId: number; mergedId: number; managerId: number };
  /**
   * A client an import created (no history entry of its own: the import's one tells): it enters
   * its stage as a new client does; scenarios start only when the admin asked for it.
   */
  'client.imported': { clientId: number; managerId: number; categoryId: number; startScenarios: boolean };
  /** A note on a client (its manager's open panels are told). */
  'client_note.created': { clientId: number; managerId: number };
  'client_call.logged': { clientId: number; managerId: number };
  /**
   * A client moved to another category: by a person (update-category, or a new category_id in
   * the edit form) or by the scheduler (`automatic`, actor null). Scenarios start here.
   */
  client_category_changed: {
    clientId: number;
    managerId: number;
    fromCategoryId: number;
    toCategoryId: number;
    automatic: boolean;
    /**
     * Set when the client entered a stage that ends the pipeline (docs/product.md §4.6): its
     * outcome, the loss reason (its id in the list, null for an own text; the name or text) and
     * the final amount given.
     */
    closing?: {
      outcome: 'won' | 'lost';
      lossReasonId: number | null;
      lossReason: string | null;
      finalAmount: number | null;
    };
  };
  /** A field left the client form; `values`: how many clients' values went with it. */
  'client_form.field_deleted': { fieldId: number; values: number };
  /**
   * A client's value of a select field changed (by a person, in the client form): `optionId` is
   * the new option, null when cleared. Scenarios start here.
   */
  client_form_field_changed: { clientId: number; fieldId: number; optionId: number | null };
}

type DataOf<K extends HistoryKind> = K extends keyof DomainEventData ? DomainEventData[K] : undefined;

/**
 * Something that happened in a project, as written to its history: who (null: the server by
 * itself, e.g. the scheduler), what, about which subject, in a readable Russian sentence, with
 * the state before and after for the history page, and typed `data` for the handlers.
 */
export type DomainEvent<K extends HistoryKind = HistoryKind> = K extends HistoryKind ? EventOf<K> : never;

type EventOf<K extends HistoryKind> = {
  kind: K;
  projectId: number;
  actorId: number | null;
  /** The admin acting through a manager's account. */
  impersonatorId?: number | null;
  subjectType: string;
  subjectId?: number | null;
  /** The client it is about (implied when the subject is a client). */
  clientId?: number | null;
  message: string;
  before?: unknown;
  after?: unknown;
} & (DataOf<K> extends undefined ? { data?: undefined } : { data: DataOf<K> });

/**
 * Signals: what one feature tells others inside its transaction that belongs to no project's
 * history (so it is no domain event). Declared here with the details the handlers get.
 */
export interface SignalData {
  /** A person registered; with an invitation's token when he came by one (the team claims it). */
  'account.created': { userId: number; email: string; invitationToken: string | null };
  /**
   * A bulk action asks for a reminder on each of these clients (held by the transaction, in the
   * caller's reach): the reminders feature creates them as a person's single ones are.
   */
  'clients.bulk_reminder': {
    caller: MemberActor;
    clients: { id: number; name: string; last_name: string; manager_id: number }[];
    reminder: ReminderCreateInput;
  };
  /** A project was created (its pipeline starts with a 'Успех' and a 'Отказ' stage). */
  'project.created': { projectId: number };
  /**
   * People were notified (notify): the telegram feature queues, in the same transaction, what goes
   * to those who linked their Telegram (docs/decisions.md, "Telegram": managers in Telegram).
   */
  'notifications.created': {
    notifications: { userId: number; projectId: number; type: NotificationType; message: string; clientId: number | null }[];
  };
}
export type SignalKind = keyof SignalData;
