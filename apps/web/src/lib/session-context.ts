import { createContext, useContext } from 'react';
import type { ProjectData, Role, User, UserProject } from '@crm/contract';

/**
 * Who is signed in and in which project. The app fills it (app/session/); features only read
 * it, which keeps them independent of how start-up loads it.
 */
export type Session = {
  user: User | null;
  projects: UserProject[] | null;
  /** The selected project's id; null until the project list has loaded (or is empty). */
  projectId: number | null;
  currentProject: UserProject | null;
  /** The user's place in the selected project; null while it loads (docs/product.md §2.1). */
  projectData: ProjectData | null;
  role: Role | null;
  isAdmin: boolean;
  selectProject: (projectId: number) => void;
  /**
   * 'Выйти' for screens outside the layout (create-project, verify-email): asks 'Вы действительно
   * хотите выйти?' like the header, then signs out and goes to /login.
   */
  signOut: () => void;
};

export const SessionContext = createContext<Session | null>(null);

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the session provider');
  return session;
};

/**
 * The project whose data an admin screen loads, or null. Admin screens open while the role loads
 * (docs/product.md §2.1); their data waits for it, so a manager who opens one sees 'Нет доступа' without a
 * refused request behind it.
 */
export const useAdminProjectId = (): number | null => {
  const { projectId, isAdmin } = useSession();
  return isAdmin ? projectId : null;
};
