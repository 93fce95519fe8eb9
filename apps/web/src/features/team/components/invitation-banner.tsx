import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { Role } from '@crm/contract';
import { paths } from '@/lib/paths';
import { appStorage } from '@/lib/storage';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import rows from '@/ui/rows.module.css';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useAcceptInvitation } from '@/features/team/api/accept-invitation';
import { useInvitationPreview } from '@/features/team/api/get-invitation-preview';
import { invitationProblem, invitationProblemAdvice } from '@/features/team/lib/invitation-problem';
import styles from './team.module.css';

/** 'как менеджера': the role as the sentence needs it (the labels are nominative: 'Менеджер'). */
const INVITED_AS: Record<Role, string> = {
  super_admin: 'владельца',
  admin: 'администратора',
  manager: 'менеджера',
};
/** What the registration page hands to the banner through its <Outlet context>. */
export type InvitationOutletContext =
  | {
      prefillEmail?: (email: string) => void;
      /** The registration went through, which used the invitation up. */
      invitationUsed?: boolean;
    }
  | undefined;

/**
 * /registration?invitation=<token>: which project and role the invitation is for (GET
 * /invitations/{token}), with the address put into the form. Someone already signed in accepts
 * it here instead of registering ('Принять приглашение' → POST …/accept → that project opens).
 * An unusable link says which case it is (accepted, revoked, expired, unknown) and what to do.
 * Once the invitation is used (accepted here, or by the registration) it is not asked for again:
 * clearing the cache on the way out would otherwise refetch it and get a 404.
 */
export const InvitationBanner = () => {
  const [params] = useSearchParams();
  const token = params.get('invitation');
  const context = useOutletContext<InvitationOutletContext>();
  const acceptMutation = useAcceptInvitation();
  const used = acceptMutation.isSuccess || context?.invitationUsed === true;
  const previewQuery = useInvitationPreview(used ? null : token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = appStorage.hasToken();

  const prefillRef = useRef(context?.prefillEmail);
  useEffect(() => {
    prefillRef.current = context?.prefillEmail;
  });
  const email = previewQuery.data?.email;
  useEffect(() => {
    if (email && !signedIn) prefillRef.current?.(email);
  }, [email, signedIn]);

  // Used up: the page is on its way into the project.
  if (!token || used) return null;

  if (previewQuery.isPending) {
    return (
      <Loading className={styles.banner} label="Загрузка приглашения">
        <Skeleton width={20} height={20} />
        <div className={cx(styles.bannerBody, rows.grow)}>
          <Skeleton width="80%" height={14} />
        </div>
      </Loading>
    );
  }

  if (previewQuery.isError) {
    const { kind, message } = invitationProblem(previewQuery.error);
    return (
      <div
        className={cx(styles.banner, styles.bannerDanger)}
        role="alert"
        data-testid="invitation-banner"
        data-problem={kind}
      >
        <Icon name="alert" size={20} className={styles.bannerIcon} />
        <div className={styles.bannerBody}>
          <p className={styles.bannerTitle}>{message}</p>
          <p className={styles.bannerNote}>
            {kind === 'accepted' && !signedIn ? (
              <>
                Если приглашение приняли вы,{' '}
                <Link to={paths.login} reloadDocument className={styles.bannerLink}>
                  войдите в аккаунт
                </Link>{' '}
                — проект уже в вашем списке.
              </>
            ) : (
              invitationProblemAdvice[kind]
            )}
          </p>
          {!signedIn && (
            <p className={styles.bannerNote}>
              Можно и зарегистрироваться без приглашения: тогда вы создадите свой проект.
            </p>
          )}
        </div>
      </div>
    );
  }

  const { project_name: projectName, role } = previewQuery.data;

  const accept = () => {
    acceptMutation.mutate(token, {
      onSuccess: (joined) => {
        // The joined project opens: start-up reads the remembered project on the fresh load.
        appStorage.setProjectId(joined.project_id);
        queryClient.removeQueries();
        toast.success(`Вы присоединились к проекту «${joined.project_name}»`);
        navigate(paths.home, { replace: true });
      },
    });
  };

  return (
    <div className={styles.banner} role="status" data-testid="invitation-banner">
      <Icon name="userPlus" size={20} className={styles.bannerIcon} />
      <div className={styles.bannerBody}>
        <p className={styles.bannerTitle}>
          Вас пригласили в проект «{projectName}» как {INVITED_AS[role]}
        </p>
        {signedIn ? (
          <>
            <p className={styles.bannerNote}>
              Вы уже вошли в аккаунт: примите приглашение, регистрироваться заново не нужно.
            </p>
            <div className={styles.bannerActions}>
              <Button onClick={accept} loading={acceptMutation.isPending}>
                Принять приглашение
              </Button>
            </div>
          </>
        ) : (
          <p className={styles.bannerNote}>
            Создайте аккаунт, чтобы присоединиться. Уже есть аккаунт с адресом {previewQuery.data.email}?{' '}
            <Link
              to={paths.login}
              reloadDocument
              className={styles.bannerLink}
              // The sign-in brings him back here, to accept (docs/product.md §6.2).
              onClick={() => appStorage.setReturnTo(`${window.location.pathname}${window.location.search}`)}
            >
              Войдите
            </Link>
            : приглашение дождётся вас.
          </p>
        )}
      </div>
    </div>
  );
};
