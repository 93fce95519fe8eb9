import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isAdminRole } from '@crm/contract';
import { useUser } from '@/features/accounts/api/get-user';
import { useProjectUser } from '@/features/projects/api/get-project-user';
import { useUserProjects } from '@/features/projects/api/get-user-projects';
import { SessionContext, type Session } from '@/lib/session-context';
import { appStorage } from '@/lib/storage';
import { useLogoutFlow } from '@/app/layout/use-logout-flow';
import { resolveProjectId } from './startup';

/**
 * Start-up of docs/product.md §2.1 for a signed-in user: GET /user and GET /user/projects, pick the project
 * (remembered under `project_id`, else the first), then GET /projects/{id}/user for the role.
 * Changing the project re-runs the last step, as its query is keyed by the project id.
 */
export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const userQuery = useUser();
  const projectsQuery = useUserProjects();
  const [chosenId, setChosenId] = useState<number | null>(() => appStorage.getProjectId());

  const projects = projectsQuery.data ?? null;
  const projectId = projects ? resolveProjectId(chosenId, projects) : null;

  useEffect(() => {
    // Remember the automatic choice too, so a reload lands in the same project.
    if (projectId !== null && projectId !== appStorage.getProjectId()) appStorage.setProjectId(projectId);
  }, [projectId]);

  const projectUserQuery = useProjectUser(projectId);
  // Data of a previously selected project must not leak into the new one while it loads.
  const projectData =
    projectUserQuery.data && projectUserQuery.data.project_data.project_id === projectId
      ? projectUserQuery.data.project_data
      : null;

  const selectProject = useCallback((id: number) => {
    appStorage.setProjectId(id);
    setChosenId(id);
  }, []);

  // The header's sign-out flow (confirmation, POST /logout, /login), kept behind a stable function
  // so the session value does not change with the mutation's state.
  const logoutFlow = useLogoutFlow();
  const logoutRef = useRef(logoutFlow);
  useEffect(() => {
    logoutRef.current = logoutFlow;
  }, [logoutFlow]);
  const signOut = useCallback(() => void logoutRef.current(), []);

  const session = useMemo<Session>(() => {
    const role = projectData?.role ?? null;
    return {
      user: userQuery.data ?? null,
      projects,
      projectId,
      currentProject: projects?.find((p) => p.id === projectId) ?? null,
      projectData,
      role,
      isAdmin: isAdminRole(role),
      selectProject,
      signOut,
    };
  }, [userQuery.data, projects, projectId, projectData, selectProject, signOut]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
};
