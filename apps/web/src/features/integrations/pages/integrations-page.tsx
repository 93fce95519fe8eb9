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
import type { LeadForm, Webhook } from '@crm/contract';
import { useClientCategories } from '@/features/clients';
import { useApiKeys } from '@/features/integrations/api/api-keys';
import { useLeadForms } from '@/features/integrations/api/lead-forms';
import { useWebhooks } from '@/features/integrations/api/webhooks';
import { ApiKeyList, RowsSkeleton } from '@/features/integrations/components/api-key-list';
import { ApiKeyModal } from '@/features/integrations/components/api-key-modal';
import { DeliveryLog } from '@/features/integrations/components/delivery-log';
import { LeadFormList } from '@/features/integrations/components/lead-form-list';
import { LeadFormModal } from '@/features/integrations/components/lead-form-modal';
import { LeadFormSnippet } from '@/features/integrations/components/lead-form-snippet';
import { WebhookList } from '@/features/integrations/components/webhook-list';
import { WebhookModal } from '@/features/integrations/components/webhook-modal';

/** /project-setting/integrations (admins): the project's API keys, webhooks and lead forms. */
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
            <RowsSkeleton testId="api-keys-skeleton" />
          ) : keys.length === 0 ? (
            <EmptyState plain icon="key" text="Ключей пока нет: создайте первый для скрипта или сайта." action={createButton('secondary')} />
          ) : (
            <ApiKeyList projectId={projectId} keys={keys} />
          )}
        </Card>
        <WebhooksCard projectId={projectId} />
        <LeadFormsCard projectId={projectId} />
      </CardStack>
    </>
  );
};

const WebhooksCard = ({ projectId }: { projectId: number | null }) => {
  const modals = useModals();
  const webhooksQuery = useWebhooks(projectId);
  const openForm = useCallback(
    (webhook?: Webhook) => {
      if (projectId === null) return;
      const id = modals.open(
        () => <WebhookModal projectId={projectId} webhook={webhook} onDone={() => modals.close(id)} />,
        { title: webhook ? 'Вебхук' : 'Новый вебхук', width: 640, closeOnOverlay: false },
      );
    },
    [modals, projectId],
  );
  const openLog = useCallback(
    (webhook: Webhook) => {
      if (projectId === null) return;
      modals.open(() => <DeliveryLog projectId={projectId} webhook={webhook} />, {
        title: `Журнал: ${webhook.url}`,
        kind: 'side',
        width: 560,
      });
    },
    [modals, projectId],
  );
  const webhooks = webhooksQuery.data;
  const addButton = (variant: 'primary' | 'secondary') => (
    <Button variant={variant} onClick={() => openForm()} disabled={projectId === null}>
      <Icon name="plus" size={18} />
      Добавить вебхук
    </Button>
  );
  return (
    <Card aria-labelledby="webhooks-title">
      <CardHead
        text="При выбранных событиях сервер отправит на ваш адрес POST с JSON, подписанный по схеме Standard Webhooks. Не принятые запросы повторяются около суток."
        actions={webhooks && webhooks.length > 0 ? addButton('primary') : undefined}
      >
        <CardTitle id="webhooks-title" count={webhooks?.length || undefined}>
          Вебхуки
        </CardTitle>
      </CardHead>
      {webhooksQuery.isError ? (
        <LoadError plain text="Не удалось загрузить вебхуки." onRetry={() => void webhooksQuery.refetch()} />
      ) : !webhooks || projectId === null ? (
        <RowsSkeleton testId="webhooks-skeleton" />
      ) : webhooks.length === 0 ? (
        <EmptyState plain icon="mail" text="Вебхуков пока нет: добавьте адрес, чтобы другая система узнавала о клиентах." action={addButton('secondary')} />
      ) : (
        <WebhookList projectId={projectId} webhooks={webhooks} onEdit={openForm} onLog={openLog} />
      )}
    </Card>
  );
};

const LeadFormsCard = ({ projectId }: { projectId: number | null }) => {
  const modals = useModals();
  const formsQuery = useLeadForms(projectId);
  const { categories } = useClientCategories(projectId);
  const openSnippet = useCallback(
    (form: LeadForm) => {
      const id = modals.open(() => <LeadFormSnippet form={form} onDone={() => modals.close(id)} />, {
        title: `Код формы «${form.name}»`,
        width: 640,
      });
    },
    [modals],
  );
  const openForm = useCallback(
    (form?: LeadForm) => {
      if (projectId === null) return;
      const id = modals.open(
        () => (
          <LeadFormModal
            projectId={projectId}
            form={form}
            onDone={() => modals.close(id)}
            onCreated={(created) => {
              modals.close(id);
              openSnippet(created);
            }}
          />
        ),
        { title: form ? 'Форма для сайта' : 'Новая форма для сайта', width: 640, closeOnOverlay: false },
      );
    },
    [modals, projectId, openSnippet],
  );
  const forms = formsQuery.data;
  const addButton = (variant: 'primary' | 'secondary') => (
    <Button variant={variant} onClick={() => openForm()} disabled={projectId === null}>
      <Icon name="plus" size={18} />
      Создать форму
    </Button>
  );
  return (
    <Card aria-labelledby="lead-forms-title">
      <CardHead
        text="Форма для вашего сайта: заявка из неё становится клиентом в выбранной категории (или заметкой у клиента с тем же телефоном), и сценарии напоминаний запускаются как для любого нового клиента."
        actions={forms && forms.length > 0 ? addButton('primary') : undefined}
      >
        <CardTitle id="lead-forms-title" count={forms?.length || undefined}>
          Формы для сайта
        </CardTitle>
      </CardHead>
      {formsQuery.isError ? (
        <LoadError plain text="Не удалось загрузить формы." onRetry={() => void formsQuery.refetch()} />
      ) : !forms || projectId === null ? (
        <RowsSkeleton testId="lead-forms-skeleton" />
      ) : forms.length === 0 ? (
        <EmptyState plain icon="form" text="Форм пока нет: создайте форму и вставьте её код на сайт." action={addButton('secondary')} />
      ) : (
        <LeadFormList
          projectId={projectId}
          forms={forms}
          stageName={(id) => categories.find((c) => c.id === id)?.name ?? '—'}
          onEdit={openForm}
          onSnippet={openSnippet}
        />
      )}
    </Card>
  );
};
