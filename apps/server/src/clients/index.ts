import type { Feature } from '../feature.js';
import { bulkJob } from './bulk/bulk.job.js';
import { clientBulkRoutes } from './bulk/bulk.routes.js';
import { refuseForeignGoalCategories } from './categories/categories.handlers.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { lossReasonsRoutes } from './categories/loss-reasons.routes.js';
import { seedOutcomeStages } from './categories/outcome-stages.js';
import { seedClientsDemo } from './clients.demo.js';
import { handOverRemovedMembersClients } from './clients.handlers.js';
import { tellOpenPagesClientsChanged } from './clients.live.js';
import { clientCallsRoutes } from './calls/calls.routes.js';
import { clientsRoutes } from './clients.routes.js';
import { clientDuplicatesRoutes } from './duplicates/duplicates.routes.js';
import { clientExportRoutes } from './export/export.routes.js';
import { importJob } from './import/import.job.js';
import { clientImportRoutes } from './import/import.routes.js';
import { clientFormRoutes } from './form/form.routes.js';
import { clientListRoutes } from './list/list.routes.js';
import * as pipeline from './migrations/2026_11_23_2000_clients_pipeline.js';
import * as form from './migrations/2026_11_23_2100_clients_form.js';
import * as search from './migrations/2026_11_23_2200_clients_search.js';
import * as notes from './migrations/2026_11_23_2210_clients_notes.js';
import * as contacts from './migrations/2026_11_28_0900_clients_contacts.js';
import * as imports from './migrations/2026_11_28_1200_clients_imports.js';
import * as contactsGrouped from './migrations/2026_11_29_1200_clients_contacts_grouped.js';
import * as outcomes from './migrations/2026_11_30_1000_clients_outcomes.js';
import * as calls from './migrations/2026_11_30_1100_clients_calls.js';
import * as views from './migrations/2026_11_30_1200_clients_views.js';
import * as bulk from './migrations/2026_11_30_1210_clients_bulk.js';
import * as nameOrder from './migrations/2026_11_30_1300_clients_name_order.js';
import * as valuesIndex from './migrations/2026_11_30_1400_clients_values_index.js';
import * as totals from './migrations/2026_12_01_1000_clients_totals.js';
import { totalsJob } from './list/totals.job.js';
import { clientNotesRoutes } from './notes/notes.routes.js';
import { clientSearchRoutes } from './search/search.routes.js';
import { progressionJob } from './progression.job.js';
import { clientViewsRoutes } from './views/views.routes.js';

/**
 * Client categories (the pipeline) with their hints, the client form, clients and their notes, and
 * the automatic moves. One feature whose parts sit in subfolders named as the contract's files
 * (docs/architecture.md): categories/, form/, search/, notes/, calls/, duplicates/, export/, import/,
 * list/, views/, bulk/; the clients themselves here.
 */
export const clientsFeature: Feature = {
  name: 'clients',
  routes: async (app) => {
    await app.register(categoriesRoutes);
    await app.register(lossReasonsRoutes);
    await app.register(clientFormRoutes);
    await app.register(clientsRoutes);
    await app.register(clientSearchRoutes);
    await app.register(clientExportRoutes);
    await app.register(clientImportRoutes);
    await app.register(clientDuplicatesRoutes);
    await app.register(clientNotesRoutes);
    await app.register(clientListRoutes);
    await app.register(clientViewsRoutes);
    await app.register(clientCallsRoutes);
    await app.register(clientBulkRoutes);
  },
  migrations: {
    '2026_11_23_2000_clients_pipeline': pipeline,
    '2026_11_23_2100_clients_form': form,
    '2026_11_23_2200_clients_search': search,
    '2026_11_23_2210_clients_notes': notes,
    '2026_11_28_0900_clients_contacts': contacts,
    '2026_11_28_1200_clients_imports': imports,
    '2026_11_29_1200_clients_contacts_grouped': contactsGrouped,
    '2026_11_30_1000_clients_outcomes': outcomes,
    '2026_11_30_1100_clients_calls': calls,
    '2026_11_30_1200_clients_views': views,
    '2026_11_30_1210_clients_bulk': bulk,
    '2026_11_30_1300_clients_name_order': nameOrder,
    '2026_11_30_1400_clients_values_index': valuesIndex,
    '2026_12_01_1000_clients_totals': totals,
  },
  onSignal: {
    // A new project's pipeline ends with 'Успех' and 'Отказ' (docs/product.md §4.6).
    'project.created': (tx, { projectId }) => seedOutcomeStages(tx, projectId),
  },
  inTransaction: {
    'status.goals_set': refuseForeignGoalCategories,
    'member.removed': handOverRemovedMembersClients,
  },
  afterCommitMany: {
    'client.created': tellOpenPagesClientsChanged,
    'client.updated': tellOpenPagesClientsChanged,
    'client.deleted': tellOpenPagesClientsChanged,
    'client.handed_over': tellOpenPagesClientsChanged,
    'client.merged': tellOpenPagesClientsChanged,
    client_category_changed: tellOpenPagesClientsChanged,
    'client_note.created': tellOpenPagesClientsChanged,
    'client_call.logged': tellOpenPagesClientsChanged,
  },
  jobs: [progressionJob, importJob, bulkJob, totalsJob],
  seedDemo: seedClientsDemo,
};

export { progressionJob } from './progression.job.js';
export { lockClient } from './clients.repository.js';
/** Tells open boards and client pages that clients changed (one message per person for a set). */
export { tellClientChanges, type ClientChange } from './clients.live.js';

/** Clients by id, a client's chosen options, and a category, for other features' lists and sentences. */
export { chosenOptionIds, clientsByIds } from './clients.repository.js';
/** The import a client came from: his history shows its entry. */
export { importOfClient } from './clients.repository.js';
export { findCategory, listCategories } from './categories/categories.repository.js';
export { CLIENT_404 } from './clients.service.js';
/** The loss reasons list (the statistics name the reasons of the losses it counts). */
export { listLossReasons } from './categories/loss-reasons.repository.js';

/** The stages and select options scenarios start from, in the pipeline's and the form's order. */
export { pipelineEvents, type PipelineEvents } from './pipeline-events.js';

/** The client's page (history/): his view (scoped: another manager's → 404), his stage's hint and the form. */
export { clientViews, getClient } from './clients.service.js';
/** What a lead form does with a submission: a new client, or a note on the one it duplicates. */
export { createClient } from './clients.service.js';
/** A Telegram writer's own number: written on his client, or his client merged into the one who has it. */
export { updateClient } from './clients.service.js';
export { mergeClients } from './duplicates/merge.service.js';
export { createNote } from './notes/notes.service.js';
export { findDuplicates } from './duplicates/duplicates.service.js';
export { findClueOf } from './categories/categories.repository.js';
export { formFieldsById, type FormFieldRef } from './form/form.service.js';
