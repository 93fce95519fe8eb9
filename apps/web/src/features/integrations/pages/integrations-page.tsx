import { useCallback } from 'react';
import { projectSettingTabs } from '@/lib/project-setting-tabs';
import { useAdminProjectId } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { Card, CardHead, CardStack, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { useModals } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { PageTabs } from '@/ui/page-tabs';
import { useApiKeys } from '@/features/integrations/api/api-keys';
import { ApiKeyList, ApiKeyListSkeleton } from '@/features/integrations/components/api-key-list';
import { ApiKeyModal } from '@/features/integrations/components/api-key-modal';

/** /project-setting/integrations (admins): the project's API keys. */
export const IntegrationsPage = () => {
  const projectId = useAdminProjectId();
  const modals = useModals();
  const keysQuery = useApiKeys(projectId);

  const openCreate = useCallback(() => {
    if (projectId === null) return;
    const id = modals.open(() => <ApiKeyModal projectId={projectId} onDone={() => modals.close(id)} />, {
      title: 'Новый API-ключ',
    });
  }, [modals, projectId]);

  const keys = keysQuery.data;
  const createButton = (variant: 'primary' | 'secondary') => (
    <Button variant={variant} onClick={openCreate} disabled={projectId === null}>
      <Icon name="plus" size={18} />
      Создать ключ
    </Button>
  );
  return (
    <>
      <PageHeader title="Настройки проекта" />
      <PageTabs label="Разделы настроек" tabs={projectSettingTabs} />
      <CardStack>
        <Card aria-labelledby="api-keys-title">
          <CardHead
            text={
              <>
                Ключ даёт скрипту или другой системе (сайту, 1С) доступ к API проекта с правами администратора, кроме
                управления командой. Что можно вызвать по ключу, сказано в{' '}
                <a href="/api/docs" target="_blank" rel="noreferrer">
                  описании API
                </a>
                .
              </>
            }
            actions={keys && keys.length > 0 ? createButton('primary') : undefined}
          >
            <CardTitle id="api-keys-title" count={keys?.length || undefined}>
              API-ключи
            </CardTitle>
          </CardHead>
          {keysQuery.isError ? (
            <LoadError plain text="Не удалось загрузить ключи." onRetry={() => void keysQuery.refetch()} />
          ) : !keys || projectId === null ? (
            <ApiKeyListSkeleton />
          ) : keys.length === 0 ? (
            <EmptyState plain icon="key" text="Ключей пока нет: создайте первый для скрипта или сайта." action={createButton('secondary')} />
          ) : (
            <ApiKeyList projectId={projectId} keys={keys} />
          )}
        </Card>
      </CardStack>
    </>
  );
};
