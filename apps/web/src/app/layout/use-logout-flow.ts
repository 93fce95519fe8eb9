import { useCallback } from 'react';
import { paths } from '@/lib/paths';
import { useLogout } from '@/features/accounts/api/logout';
import { leaveMemberAccount } from '@/features/team/api/get-member-access-token';
import { appStorage } from '@/lib/storage';
import { useConfirm } from '@/ui/modal';

/**
 * 'Выйти' (docs/product.md §2.3): asks first, then POST /logout, forgets the token and goes to /login.
 * While impersonating a manager, only the tab's access token is ended and the page reloads,
 * which brings the admin back to his own account (docs/product.md §3.5).
 */
export const useLogoutFlow = () => {
  const confirm = useConfirm();
  const logout = useLogout();
  return useCallback(async () => {
    const impersonating = appStorage.isImpersonating();
    const agreed = await confirm({
      message: 'Вы действительно хотите выйти?',
      // Says where 'Да, выйти' leads while in a manager's account: back to one's own, not out.
      hint: impersonating ? 'Вы выйдете из аккаунта менеджера и вернётесь в свой.' : undefined,
      agreeText: 'Да, выйти',
      cancelText: 'Нет, остаться',
      agreeVariant: 'primary',
      onAgree: impersonating ? undefined : () => logout.mutateAsync(),
    });
    if (!agreed) return;
    if (appStorage.isImpersonating()) {
      await leaveMemberAccount();
      return;
    }
    // /login is its own page; the new document also drops everything cached for this account.
    window.location.replace(paths.login);
  }, [confirm, logout]);
};
