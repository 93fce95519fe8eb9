import { z } from 'zod';
import { idSchema, requiredText } from './common.js';

// ---- client notes (docs/product.md §4.8) ----------------------------------------------------

export const NOTE_MAX_LENGTH = 5000;

export const clientNoteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  /** Who wrote it (an admin may write on a manager's client). */
  author: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type ClientNote = z.infer<typeof clientNoteSchema>;

export const clientNotesParams = z.object({ projectId: idSchema, clientId: idSchema });

export const clientNoteCreateBody = z.object({ note: requiredText(NOTE_MAX_LENGTH, 'multi') });
export type ClientNoteCreateBody = z.input<typeof clientNoteCreateBody>;
