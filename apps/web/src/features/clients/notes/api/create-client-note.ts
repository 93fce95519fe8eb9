import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientNotesEndpoints, type ClientNote } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** {note}: plain text; answers the note with its author and time (201). */
export const createClientNote = (projectId: number, clientId: number, note: string) =>
  callApi(clientNotesEndpoints.create, { params: { projectId, clientId }, body: { note } });

export const useCreateClientNote = (projectId: number, clientId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => createClientNote(projectId, clientId, note),
    meta: { errorMessage: 'Failed to create note. Please try again.' },
    // Newest first: the new note goes on top without reading the list again.
    onSuccess: (note) =>
      queryClient.setQueryData<ClientNote[]>(queryKeys.clients.notes(projectId, clientId), (notes) =>
        notes ? [note, ...notes] : [note],
      ),
  });
};
