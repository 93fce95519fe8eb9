import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { clientPageEndpoints, type ClientPage, type TimelinePage } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The first page is the client's page (the client and his timeline's head); the rest his timeline's older pages. */
export type ClientPagePart = { head: Omit<ClientPage, 'timeline'> | null; timeline: TimelinePage };
export type ClientPageData = InfiniteData<ClientPagePart, string | null>;

const getPart = async (
  projectId: number,
  clientId: number,
  before: string | null,
  signal?: AbortSignal,
): Promise<ClientPagePart> => {
  if (before === null) {
    const { timeline, ...head } = await callApi(clientPageEndpoints.get, {
      params: { projectId, clientId },
      signal,
    });
    return { head, timeline };
  }
  const timeline = await callApi(clientPageEndpoints.timeline, {
    params: { projectId, clientId },
    query: { before },
    signal,
  });
  return { head: null, timeline };
};

/**
 * GET …/clients/{id}/page, then …/timeline?before= for older entries, 50 at a time, by the
 * answer's cursor. Under the client's key: a save, a move, a note or a live change reads it again
 * (page by page from the first, each cursor from the fresh page before it). No toast: the page
 * says in place what failed (a 404 is 'Клиент не найден').
 */
export const clientPageQueryOptions = (projectId: number, clientId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.clients.page(projectId, clientId),
    queryFn: ({ pageParam, signal }) => getPart(projectId, clientId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.timeline.next_before ?? undefined,
    staleTime: 0,
  });

export const useClientPage = (projectId: number | null, clientId: number) =>
  useInfiniteQuery({
    ...clientPageQueryOptions(projectId ?? 0, clientId),
    enabled: projectId !== null && clientId > 0,
  });
