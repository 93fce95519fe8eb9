import { useQuery } from '@tanstack/react-query';
import { projectQueryOptions } from '@/lib/project-time-zone';

/** Name, time zone, phone country (the project settings screen). */
export const useProject = (projectId: number | null) =>
  useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== null });
