import { roleLabels } from '@crm/contract';
import { useSession } from '@/lib/session-context';
import { Slot } from '@/lib/slots';
import { Card, CardHead, CardStack, CardTitle } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import styles from './profile-page.module.css';

/**
 * /profile: the signed-in person's own page, his account in the open project, and what other
 * features let him set for himself (his Telegram for notices).
 */
export const ProfilePage = () => {
  const { user, currentProject, role, projectId } = useSession();
  return (
    <>
      <PageHeader title="Профиль" />
      <CardStack>
        <Card className={styles.card} aria-labelledby="profile-title">
          <CardHead>
            <CardTitle id="profile-title">Аккаунт</CardTitle>
          </CardHead>
          {user ? (
            <dl className={styles.facts}>
              <dt>Имя</dt>
              <dd data-testid="profile-name">{user.name}</dd>
              <dt>Почта</dt>
              <dd>{user.email}</dd>
              {currentProject && (
                <>
                  <dt>Проект</dt>
                  <dd>
                    {currentProject.name}
                    {role ? ` · ${roleLabels[role]}` : ''}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <div aria-hidden="true" className={styles.facts}>
              <Skeleton width="60%" height={14} />
              <Skeleton width="40%" height={14} />
            </div>
          )}
        </Card>
        {projectId !== null && <Slot id="profile-telegram" projectId={projectId} />}
      </CardStack>
    </>
  );
};
