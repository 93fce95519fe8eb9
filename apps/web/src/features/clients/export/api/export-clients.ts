import { clientsEndpoints, type ClientExportQuery } from '@crm/contract';
import { downloadFile } from '@/lib/api-client';

export const EXPORT_FAILED = 'Не удалось выгрузить клиентов. Попробуйте ещё раз.';

/** Downloads the clients a list shows (its filters, a manager's own) as an XLSX or CSV file. */
export const exportClients = (projectId: number, query: ClientExportQuery) =>
  downloadFile(
    clientsEndpoints.export,
    { params: { projectId }, query },
    `clients.${query.format ?? 'xlsx'}`,
  );
