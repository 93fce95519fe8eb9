import { z } from 'zod';
import { bodyId, plainText, tooLong } from './common.js';
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
