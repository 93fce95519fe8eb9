import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { clientsEndpoints, type Client, type ClosingBody, type Page } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ClientsRange } from './get-clients';

/** A board column's cache: its pages of clients. */
export type ClientsColumn = InfiniteData<Page<Client>, number>;
type Column = ClientsColumn;
/** `closing`: the reason of a move into 'Отказ', or the final amount into 'Успех' (closing-dialog.tsx). */
type Variables = { client: Client; toCategoryId: number; range: ClientsRange; closing?: ClosingBody };

/** PUT /clients/{id}/update-category {category_id}: a move on the board (history, client_category_changed). */
export const moveClient = (
  projectId: number,
  clientId: number,
  categoryId: number,
  closing: ClosingBody = {},
) =>
  callApi(clientsEndpoints.updateCategory, {
    params: { projectId, id: clientId },
    body: { category_id: categoryId, ...closing },
  });

export const MOVE_CLIENT_FAILED = 'Failed to move client. Please try again.';

const withTotal = (column: Column, delta: number): Column => ({
  ...column,
  pages: column.pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) })),
});

/** The column without the client, one fewer in its count. */
export const removeFromColumn = (column: Column, clientId: number): Column => {
  const found = column.pages.some((page) => page.data.some((c) => c.id === clientId));
  if (!found) return column;
  const pages = column.pages.map((page) => ({ ...page, data: page.data.filter((c) => c.id !== clientId) }));
  return withTotal({ ...column, pages }, -1);
};

/** Newest first, as the server lists them: by creation time, then by id. */
const newer = (a: Client, b: Client) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

/**
 * The column with the client in its place (newest first), one more in its count. A client older
 * than everything loaded while more pages remain belongs to a page not read yet: only the count
 * changes.
 */
export const insertIntoColumn = (column: Column, client: Client): Column => {
  const pages = column.pages.map((page) => ({ ...page, data: [...page.data] }));
  for (const page of pages) {
    const at = page.data.findIndex((c) => newer(client, c));
    if (at >= 0) {
      page.data.splice(at, 0, client);
      return withTotal({ ...column, pages }, 1);
    }
  }
  const last = pages.at(-1);
  if (last && last.current_page >= last.last_page) last.data.push(client);
  return withTotal({ ...column, pages }, 1);
};

/**
 * Moves a card at once and tells the server; on a refusal the columns go back as they were (the
 * server's message is the toast), and either way both columns are read again.
 */
export const useMoveClient = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, toCategoryId, closing }: Variables) =>
      moveClient(projectId, client.id, toCategoryId, closing),
    meta: { errorMessage: MOVE_CLIENT_FAILED },
    onMutate: async ({ client, toCategoryId, range }) => {
      const fromKey = queryKeys.clients.column(projectId, client.category_id, range);
      const toKey = queryKeys.clients.column(projectId, toCategoryId, range);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: fromKey }),
        queryClient.cancelQueries({ queryKey: toKey }),
      ]);
      const before = {
        from: queryClient.getQueryData<Column>(fromKey),
        to: queryClient.getQueryData<Column>(toKey),
      };
      if (before.from) queryClient.setQueryData<Column>(fromKey, removeFromColumn(before.from, client.id));
      if (before.to)
        queryClient.setQueryData<Column>(
          toKey,
          insertIntoColumn(before.to, { ...client, category_id: toCategoryId }),
        );
      return { fromKey, toKey, before };
    },
    onError: (_error, _variables, context) => {
      if (!context) return;
      queryClient.setQueryData(context.fromKey, context.before.from);
      queryClient.setQueryData(context.toKey, context.before.to);
    },
    onSettled: (_client, _error, { client, toCategoryId }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: [...queryKeys.clients.columns(projectId), client.category_id],
        }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.clients.columns(projectId), toCategoryId] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clients.one(projectId, client.id) }),
      ]),
  });
};
