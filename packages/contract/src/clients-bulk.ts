import { z } from 'zod';
import { bodyId, idSchema } from './common.js';
import { CHOOSE_CATEGORY, closingFields } from './clients.js';
import { clientListFilters } from './clients-list.js';
import { reminderCreateBody } from './reminders.js';

// ---- bulk actions on clients (docs/product.md §4.8 "Bulk actions") ----------------------------

export const CLIENT_BULK_ACTIONS = ['move', 'reassign', 'reminder', 'delete'] as const;
export type ClientBulkAction = (typeof CLIENT_BULK_ACTIONS)[number];
/** Admins only: reassigning and deleting. */
export const CLIENT_BULK_ADMIN_ACTIONS: readonly ClientBulkAction[] = ['reassign', 'delete'];
/** Ids one request may name (a larger selection is "all that match" a filter). */
export const CLIENT_BULK_IDS_MAX = 10_000;
/** Up to this many clients an action runs at once, in the request; more run in the background. */
export const CLIENT_BULK_AT_ONCE = 100;

export const CLIENT_BULK_STATUSES = ['running', 'done', 'failed'] as const;
export type ClientBulkStatus = (typeof CLIENT_BULK_STATUSES)[number];

export const CLIENT_BULK_NOT_FOUND = 'Массовое действие не найдено';
export const CHOOSE_CLIENTS = 'Выберите клиентов';

/**
 * Which clients: `ids` (the selection), or `all: true` with the list's `filters` ("all N that
 * match", the matches as of the request). A manager's are only his own; any other id refuses the
 * whole request.
 */
const target = {
  ids: z
    .array(bodyId(CHOOSE_CLIENTS), { error: CHOOSE_CLIENTS })
    .min(1, CHOOSE_CLIENTS)
    .max(CLIENT_BULK_IDS_MAX, `Не более ${CLIENT_BULK_IDS_MAX} клиентов; выберите «все по фильтру»`)
    .optional(),
  all: z.literal(true).optional(),
  filters: clientListFilters.optional().default({}),
};

/**
 * POST /client-bulk-actions: one action on many clients. `move` takes the stage (and what a single
 * move into it takes: a loss reason for 'Отказ', a final amount for 'Успех'), `reassign` the new manager (admins), `reminder` a reminder as a single one is
 * created (for each client, for his manager), `delete` nothing more (admins).
 */
export const clientBulkBody = z
  .discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('move'),
        category_id: bodyId(CHOOSE_CATEGORY),
        // Into 'Успех' or 'Отказ', what a single move takes (a reason, a final amount).
        ...closingFields,
        ...target,
      }),
      z.object({
        action: z.literal('reassign'),
        manager_id: bodyId('Выберите менеджера'),
        ...target,
      }),
      z.object({ action: z.literal('reminder'), reminder: reminderCreateBody, ...target }),
      z.object({ action: z.literal('delete'), ...target }),
    ],
    { error: 'Выберите действие' },
  )
  .refine((b) => (b.ids !== undefined) !== (b.all === true), { message: CHOOSE_CLIENTS, path: ['ids'] });
export type ClientBulkBody = z.input<typeof clientBulkBody>;

/** A bulk action and how far it is: `done` of `total` clients (`skipped`: gone or changed owner meanwhile). */
export const clientBulkSchema = z.object({
  id: z.number().int(),
  action: z.enum(CLIENT_BULK_ACTIONS),
  status: z.enum(CLIENT_BULK_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  /** Why it stopped (status 'failed'). */
  problem: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ClientBulk = z.infer<typeof clientBulkSchema>;

export const clientBulkParams = z.object({ projectId: idSchema, id: idSchema });
