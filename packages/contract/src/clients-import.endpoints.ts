import { z } from 'zod';
import { okSchema, projectParams } from './common.js';
import { endpoint, fileEndpoint } from './endpoint.js';
import {
  clientImportListItemSchema,
  clientImportParams,
  clientImportSchema,
  clientImportUpdateBody,
} from './clients-import.js';

const imports = '/projects/:projectId/client-imports';
const one = `${imports}/:importId`;

/**
 * Importing clients from a spreadsheet (clients-import.ts): admins only. Upload → mapping →
 * check (a dry run in the background) → run (in the background) → report, undo.
 */
export const clientImportsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: imports,
    params: projectParams,
    response: z.array(clientImportListItemSchema),
    tag: 'client-imports',
  }),
  /** Multipart, the file in `file`: its columns and first rows, the mapping guessed from the headers. */
  upload: endpoint({
    method: 'POST',
    path: imports,
    params: projectParams,
    upload: { field: 'file' },
    response: clientImportSchema,
    status: 201,
    tag: 'client-imports',
  }),
  get: endpoint({
    method: 'GET',
    path: one,
    params: clientImportParams,
    response: clientImportSchema,
    tag: 'client-imports',
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    params: clientImportParams,
    body: clientImportUpdateBody,
    response: clientImportSchema,
    tag: 'client-imports',
  }),
  /** Starts the dry run: the same checks as a run, nothing written; progress in `get`. */
  check: endpoint({
    method: 'POST',
    path: `${one}/check`,
    params: clientImportParams,
    response: clientImportSchema,
    tag: 'client-imports',
  }),
  /** Starts the import (queued while another of the project runs). */
  run: endpoint({
    method: 'POST',
    path: `${one}/run`,
    params: clientImportParams,
    response: clientImportSchema,
    tag: 'client-imports',
  }),
  /** Stops a check or a run after its current batch (what was written stays, and can be undone). */
  cancel: endpoint({
    method: 'POST',
    path: `${one}/cancel`,
    params: clientImportParams,
    response: clientImportSchema,
    tag: 'client-imports',
  }),
  /** Removes the clients it created and restores the values it changed; refused once they changed since. */
  undo: endpoint({
    method: 'POST',
    path: `${one}/undo`,
    params: clientImportParams,
    response: clientImportSchema,
    tag: 'client-imports',
  }),
  /** Forgets an import that has not run (its file goes). */
  remove: endpoint({
    method: 'DELETE',
    path: one,
    params: clientImportParams,
    response: okSchema,
    tag: 'client-imports',
  }),
  /** The bad rows as the file came (its format), each with its reason in a last 'Ошибка' column. */
  errors: fileEndpoint({
    path: `${one}/errors`,
    params: clientImportParams,
    tag: 'client-imports',
  }),
};
