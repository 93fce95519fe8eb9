import { Outlet } from 'react-router';
import { useSession } from '@/lib/session-context';
import { NoAccessPage } from './no-access-page';

/**
 * Admin and super_admin only (docs/product.md §3.2). While the project data is still null the page opens
 * (docs/product.md §2.1), so a reload on a settings screen does not bounce; once the role is known, a
 * manager sees 'Нет доступа' in place of the page (the URL stays, so he sees why).
 */
export const AdminGuard = () => {
  const { projectData, isAdmin } = useSession();
  if (projectData && !isAdmin) return <NoAccessPage />;
  return <Outlet />;
};
