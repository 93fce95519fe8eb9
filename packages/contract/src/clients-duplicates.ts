import { z } from 'zod';
import { bodyId, page, pageQuery, plainText, tooLong } from './common.js';
import { clientFieldValueInput, clientSchema } from './clients.js';

/**
 * What makes two clients of a project one person (docs/product.md, "Duplicates"): a shared phone
 * number or social-network link makes a duplicate; the same name and last name alone, a possible
 * one.
 */
export const duplicateMatches = ['phone_number', 'social_network', 'name'] as const;
export type DuplicateMatch = (typeof duplicateMatches)[number];

/** Most duplicates one check answers, the surest first. */
export const DUPLICATES_SHOWN = 20;

export const clientDuplicateSchema = z.object({
  /**
   * The client, or null when it is another manager's and the caller a manager: he learns only
   * that the client exists and whose it is.
   */
  client: z.object({ id: z.number().int(), name: z.string(), last_name: z.string() }).nullable(),
  manager: z.object({ id: z.number().int(), name: z.string() }),
  /** What the two share; `name` alone makes a possible duplicate. */
  matches: z.array(z.enum(duplicateMatches)),
});
export type ClientDuplicate = z.infer<typeof clientDuplicateSchema>;

/** The client modal's values before saving: which clients would this one duplicate? */
export const duplicateCheckBody = z.object({
  /**
   * The client being edited: no duplicate of itself, and only what the new values bring is
   * answered (what its stored values already share is known).
   */
  client_id: bodyId('Клиент не найден').optional(),
  name: plainText().trim().max(100, tooLong(100)).optional().default(''),
  last_name: plainText().trim().max(100, tooLong(100)).optional().default(''),
  fields: z.array(clientFieldValueInput).max(500).optional().default([]),
});
export type DuplicateCheckBody = z.input<typeof duplicateCheckBody>;

/** A new client, with the clients it duplicates (saved anyway: the caller chose to). */
export const createdClientSchema = clientSchema.extend({ duplicates: z.array(clientDuplicateSchema) });
export type CreatedClient = z.infer<typeof createdClientSchema>;

// ---- the 'Дубли' view and the merge (docs/product.md, "Duplicates") -----------------------------

/** Groups a page of the 'Дубли' view holds; clients a group lists at most (the oldest first). */
export const DUPLICATE_GROUPS_PER_PAGE = 20;
export const DUPLICATE_GROUP_CLIENTS_SHOWN = 20;

export const duplicateGroupsQuery = pageQuery;

/** A client as a group lists it: enough to tell the two apart and choose which one stays. */
export const duplicateGroupClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string(),
  manager: z.object({ id: z.number().int(), name: z.string() }),
  category_id: z.number().int(),
  created_at: z.string(),
});
export type DuplicateGroupClient = z.infer<typeof duplicateGroupClientSchema>;

/**
 * Clients that share a phone or a link (`possible: false`), or only a name and last name
 * (`possible: true`, the weaker kind). `shared` says what, as people read it ('+380 50 123 4567',
 * 'instagram.com/ivan.petrov', 'Иван Петров'); `total` counts the group's clients, of which
 * `clients` lists the first DUPLICATE_GROUP_CLIENTS_SHOWN.
 */
export const duplicateGroupSchema = z.object({
  possible: z.boolean(),
  shared: z.array(z.object({ match: z.enum(duplicateMatches), value: z.string() })),
  clients: z.array(duplicateGroupClientSchema),
  total: z.number().int(),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

export const duplicateGroupsPage = page(duplicateGroupSchema);
export type DuplicateGroupsPage = z.infer<typeof duplicateGroupsPage>;

export const MERGE_SAME_CLIENT = 'Нельзя объединить клиента с самим собой';

/** The client at the path stays (the survivor); `other_id` is merged into it and removed. */
export const clientMergeBody = z.object({ other_id: bodyId('Клиент не найден') });
export type ClientMergeBody = z.input<typeof clientMergeBody>;
