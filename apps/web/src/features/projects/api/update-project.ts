import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsEndpoints, type projectUpdateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';

export type ProjectUpdatePayload = SchemaOutput<typeof projectUpdateBody>;

/** {name, timezone, phone_country}, any of them: the project settings (admins). */
export const updateProject = (projectId: number, body: ProjectUpdatePayload) =>
  callApi(projectsEndpoints.update, { params: { projectId }, body });

export const useUpdateProject = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectUpdatePayload) => updateProject(projectId, body),
    meta: { errorMessage: 'Failed to update project. Please try again.' },
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.projects.settings(projectId), project);
      // The project selector shows the new name.
      return queryClient.invalidateQueries({ queryKey: queryKeys.userProjects() });
    },
  });
};
