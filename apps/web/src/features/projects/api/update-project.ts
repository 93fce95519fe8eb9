import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, projectUpdateBody } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { projectQueryKey } from './get-project';
import { userProjectsQueryKey } from './get-user-projects';

export type ProjectUpdatePayload = SchemaOutput<typeof projectUpdateBody>;

/** PUT /projects/{id} {name, timezone}: the project settings (admins). */
export const updateProject = (projectId: number, body: ProjectUpdatePayload) =>
  api.put<Project>(`/projects/${projectId}`, body);

export const useUpdateProject = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectUpdatePayload) => updateProject(projectId, body),
    meta: { errorMessage: 'Failed to update project. Please try again.' },
    onSuccess: (project) => {
      queryClient.setQueryData(projectQueryKey(projectId), project);
      // The project selector shows the new name.
      return queryClient.invalidateQueries({ queryKey: userProjectsQueryKey });
    },
  });
};
