import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, projectCreateBody } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { userProjectsQueryKey } from './get-user-projects';

export type ProjectCreatePayload = SchemaOutput<typeof projectCreateBody>;

export const createProject = (body: ProjectCreatePayload) => api.post<Project>('/projects', body);

export const useCreateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    meta: { errorMessage: 'Failed to create project. Please try again.' },
    // Start-up decides from the project list, so that is what must be fresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProjectsQueryKey }),
  });
};
