import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientImportsEndpoints, IMPORT_FILE_MAX_BYTES, IMPORT_FILE_TOO_BIG } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { AppError } from '../../http/app-error.js';
import { fileRoute } from '../../http/file-route.js';
import { route } from '../../http/route.js';
import { importErrorsFile } from './import-errors-file.js';
import {
  cancelImport,
  getImport,
  listProjectImports,
  removeImport,
  startCheck,
  startRun,
  startUndo,
  updateImportChoices,
  uploadImport,
} from './import.service.js';

/** The client import: admins only (docs/product.md §4.8 "Import"). */
export const clientImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // One file per request, streamed into the database as it arrives; past the limit busboy stops it.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  route(app, clientImportsEndpoints.list, {
    access: 'admin',
    handler: ({ request }) => listProjectImports(deps, memberActorIn(request)),
  });
  route(app, clientImportsEndpoints.upload, {
    access: 'admin',
    handler: async ({ request }) => {
      if (!request.isMultipart())
        throw new AppError(422, 'Отправьте файл формой multipart/form-data в поле «file»');
      const part = await request.file();
      const file =
        part && part.fieldname === 'file'
          ? { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated }
          : null;
      try {
        return await uploadImport(deps, memberActorIn(request), file);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, IMPORT_FILE_TOO_BIG);
        throw error;
      }
    },
  });
  route(app, clientImportsEndpoints.get, {
    access: 'admin',
    handler: ({ request, params }) => getImport(deps, memberActorIn(request), params.importId),
  });
  route(app, clientImportsEndpoints.update, {
    access: 'admin',
    handler: ({ request, params, body }) =>
      updateImportChoices(deps, memberActorIn(request), params.importId, body),
  });
  route(app, clientImportsEndpoints.check, {
    access: 'admin',
    handler: ({ request, params }) => startCheck(deps, memberActorIn(request), params.importId),
  });
  route(app, clientImportsEndpoints.run, {
    access: 'admin',
    handler: ({ request, params }) => startRun(deps, memberActorIn(request), params.importId),
  });
  route(app, clientImportsEndpoints.cancel, {
    access: 'admin',
    handler: ({ request, params }) => cancelImport(deps, memberActorIn(request), params.importId),
  });
  route(app, clientImportsEndpoints.undo, {
    access: 'admin',
    handler: ({ request, params }) => startUndo(deps, memberActorIn(request), params.importId),
  });
  route(app, clientImportsEndpoints.remove, {
    access: 'admin',
    handler: ({ request, params }) => removeImport(deps, memberActorIn(request), params.importId),
  });
  fileRoute(app, clientImportsEndpoints.errors, {
    access: 'admin',
    handler: ({ request, params }) => importErrorsFile(deps, memberActorIn(request), params.importId),
  });
};
