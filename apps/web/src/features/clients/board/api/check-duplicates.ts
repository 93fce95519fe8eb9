import { clientsEndpoints, type DuplicateCheckBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';

/** The clients that a client with these values would duplicate (docs/product.md, "Duplicates"). */
export const checkDuplicates = (projectId: number, body: DuplicateCheckBody) =>
  callApi(clientsEndpoints.duplicates, { params: { projectId }, body });
