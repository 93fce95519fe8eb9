import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectsEndpoints, type projectCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';

export type ProjectCreatePayload = SchemaOutput<typeof projectCreateBody>;

export const createProject = (body: ProjectCreatePayload) => callApi(projectsEndpoints.create, { body });

export const useCreateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    meta: { errorMessage: 'Failed to create project. Please try again.' },
    // Start-up decides from the project list, so that is what must be fresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userProjects() }),
  });
};
