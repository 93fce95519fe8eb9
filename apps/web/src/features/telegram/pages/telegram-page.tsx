import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegister, type UseFormWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { telegramConnectBody, telegramRulesBody, type TelegramStatus } from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { projectSettingTabs } from '@/lib/project-setting-tabs';
import { useAdminProjectId } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { LoadError } from '@/ui/empty-state';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { useConfirm } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { PageTabs } from '@/ui/page-tabs';
import { Skeleton } from '@/ui/skeleton';
import { useConnectTelegramBot, useDisconnectTelegramBot, useSetTelegramRules, useTelegramBot } from '@/features/telegram/api/telegram-bot';
import { NewClientsFields, type NewClientsValues } from '../components/new-clients-fields';
import shared from '../components/telegram-card.module.css';
import styles from './telegram-page.module.css';

export const BOT_CONNECTED = 'Бот подключён';
export const BOT_DISCONNECTED = 'Бот отключён';
export const RULES_SAVED = 'Сохранено';

/** /project-setting/telegram (admins): the project's bot, connected by the token @BotFather gives. */
export const TelegramPage = () => {
  const projectId = useAdminProjectId();
  const bot = useTelegramBot(projectId);
  return (
    <>
      <PageHeader title="Настройки проекта" />
      <PageTabs label="Разделы настроек" tabs={projectSettingTabs} />
      <Card className={shared.card} aria-labelledby="telegram-title">
        <CardHead text="Клиенты пишут боту проекта в Telegram.">
          <CardTitle id="telegram-title">Telegram-бот</CardTitle>
        </CardHead>
        {bot.isError ? (
          <LoadError plain text="Не удалось загрузить бота." onRetry={() => void bot.refetch()} />
        ) : !bot.data || projectId === null ? (
          <div aria-hidden="true" data-testid="telegram-skeleton" className={styles.skeleton}>
            <Skeleton width="40%" height={14} />
            <Skeleton height={40} />
          </div>
        ) : bot.data.connected ? (
          <ConnectedBot projectId={projectId} bot={bot.data} />
        ) : (
          <ConnectForm projectId={projectId} />
        )}
      </Card>
    </>
  );
};

const ConnectForm = ({ projectId }: { projectId: number }) => {
  const connect = useConnectTelegramBot(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(telegramConnectBody),
    defaultValues: { token: '', manager_rule: 'rotation' as const, manager_id: null },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await connect.mutateAsync(body);
    } catch (error) {
      applyServerErrors(error, setError, ['token', 'category_id', 'manager_rule', 'manager_id']);
      return;
    }
    toast.success(BOT_CONNECTED);
  });
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <ol className={shared.steps}>
        <li>
          Откройте{' '}
          <a href="https://t.me/BotFather" target="_blank" rel="noreferrer">
            @BotFather
          </a>{' '}
          в Telegram и отправьте ему /newbot.
        </li>
        <li>Придумайте боту имя и адрес, который заканчивается на bot.</li>
        <li>Скопируйте токен из ответа и вставьте его сюда.</li>
      </ol>
      <Input
        label="Токен бота"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="123456789:AA…"
        hint="Токен хранится на сервере в зашифрованном виде и больше нигде не показывается."
        error={errors.token?.message}
        {...register('token')}
      />
      {/* The same fields as the connected bot's rules form: this form holds them besides the token. */}
      <NewClientsFields
        projectId={projectId}
        register={register as unknown as UseFormRegister<NewClientsValues>}
        watch={watch as unknown as UseFormWatch<NewClientsValues>}
        errors={errors}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={watch('token').trim() === ''} loading={connect.isPending}>
          Подключить
        </Button>
      </div>
    </form>
  );
};

const ConnectedBot = ({ projectId, bot }: { projectId: number; bot: Extract<TelegramStatus, { connected: true }> }) => {
  const confirm = useConfirm();
  const disconnect = useDisconnectTelegramBot(projectId);
  const askDisconnect = () =>
    void confirm({
      message: `Отключить бота @${bot.username}?`,
      hint: 'Бот перестанет передавать сообщения в CRM. Подключить его можно снова тем же токеном.',
      agreeText: 'Да, отключить',
      onAgree: async () => {
        await disconnect.mutateAsync();
        toast.success(BOT_DISCONNECTED);
      },
    });
  return (
    <div className={styles.connected} data-testid="telegram-bot">
      <p>
        <strong>{bot.name}</strong>{' '}
        <a href={bot.link} target="_blank" rel="noreferrer">
          @{bot.username}
        </a>
      </p>
      <p className={shared.muted}>
        {bot.mode === 'webhook'
          ? 'Telegram присылает сообщения на адрес сервера (вебхук).'
          : 'Сервер забирает сообщения у Telegram каждую секунду: у него нет публичного адреса https.'}{' '}
        Подключён {formatDateTime(bot.connected_at)}.
      </p>
      <div className={styles.actions}>
        <Button variant="danger" onClick={askDisconnect}>
          Отключить
        </Button>
      </div>
      <RulesForm projectId={projectId} bot={bot} />
    </div>
  );
};

/** The connected bot's new clients: their stage and manager, saved without connecting again. */
const RulesForm = ({ projectId, bot }: { projectId: number; bot: Extract<TelegramStatus, { connected: true }> }) => {
  const save = useSetTelegramRules(projectId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
    reset,
  } = useForm({
    resolver: zodResolver(telegramRulesBody),
    defaultValues: { category_id: bot.category_id, manager_rule: bot.manager_rule, manager_id: bot.manager_id },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      if (saved.connected) reset({ category_id: saved.category_id, manager_rule: saved.manager_rule, manager_id: saved.manager_id });
    } catch (error) {
      applyServerErrors(error, setError, ['category_id', 'manager_rule', 'manager_id']);
      return;
    }
    toast.success(RULES_SAVED);
  });
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-labelledby="telegram-rules-title" data-testid="telegram-rules">
      <h3 id="telegram-rules-title" className={styles.subtitle}>
        Новые клиенты из Telegram
      </h3>
      <NewClientsFields projectId={projectId} register={register} watch={watch} errors={errors} />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" disabled={!isDirty} loading={save.isPending}>
          Сохранить
        </Button>
      </div>
    </form>
  );
};
