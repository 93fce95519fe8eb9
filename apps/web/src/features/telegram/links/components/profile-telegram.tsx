import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { TELEGRAM_LINK_TTL_MINUTES, type TelegramLinkCode } from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { Button, buttonClass } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { LoadError } from '@/ui/empty-state';
import { useConfirm } from '@/ui/modal';
import { Skeleton } from '@/ui/skeleton';
import { useCreateTelegramLink, useMyTelegramLink, useUnlinkTelegram } from '../api/telegram-link';
import shared from '../../components/telegram-card.module.css';
import styles from './profile-telegram.module.css';

export const TELEGRAM_LINKED = 'Telegram подключён';
export const TELEGRAM_UNLINKED = 'Telegram отключён';

/**
 * The profile's 'Telegram' card (docs/product.md, "Telegram": managers in Telegram): the person
 * links his own Telegram by a one-time link to the project's bot, and gets his reminders' notices,
 * his clients' messages and the administrators' answers there; he unlinks at any time.
 */
const ProfileTelegram = ({ projectId }: { projectId: number }) => {
  const [code, setCode] = useState<TelegramLinkCode | null>(null);
  const link = useMyTelegramLink(projectId, code !== null);
  const linked = link.data?.linked ?? false;
  useEffect(() => {
    // The member pressed 'Запустить' in Telegram: the link is used.
    if (code && linked) {
      setCode(null);
      toast.success(TELEGRAM_LINKED);
    }
  }, [code, linked]);
  return (
    <Card className={shared.card} aria-labelledby="profile-telegram-title" data-testid="profile-telegram">
      <CardHead text="Напоминания, новые сообщения ваших клиентов и ответы администратора — в Telegram, со ссылкой на клиента.">
        <CardTitle id="profile-telegram-title">Telegram</CardTitle>
      </CardHead>
      {link.isError ? (
        <LoadError plain text="Не удалось загрузить Telegram." onRetry={() => void link.refetch()} />
      ) : !link.data ? (
        <div aria-hidden="true" className={styles.body}>
          <Skeleton width="50%" height={14} />
          <Skeleton width={180} height={36} />
        </div>
      ) : !link.data.bot ? (
        <NoBot />
      ) : link.data.linked ? (
        <Linked projectId={projectId} username={link.data.username} since={link.data.linked_at} />
      ) : (
        <NotLinked projectId={projectId} code={code} onCode={setCode} />
      )}
    </Card>
  );
};
export default ProfileTelegram;

const NoBot = () => {
  const { isAdmin } = useSession();
  return (
    <p className={shared.muted}>
      Telegram-бот проекта ещё не подключён: сначала его подключает администратор
      {isAdmin ? (
        <>
          {' '}
          в <Link to={paths.telegram}>настройках проекта</Link>.
        </>
      ) : (
        '.'
      )}
    </p>
  );
};

const NotLinked = ({
  projectId,
  code,
  onCode,
}: {
  projectId: number;
  code: TelegramLinkCode | null;
  onCode: (code: TelegramLinkCode) => void;
}) => {
  const create = useCreateTelegramLink(projectId);
  const ask = () => create.mutate(undefined, { onSuccess: onCode });
  if (!code) {
    return (
      <div className={styles.body}>
        <p className={shared.muted}>Telegram не подключён.</p>
        <div>
          <Button onClick={ask} loading={create.isPending}>
            Подключить Telegram
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.body} data-testid="telegram-link-code">
      <ol className={shared.steps}>
        <li>Откройте ссылку: в Telegram откроется бот проекта.</li>
        <li>Нажмите в нём «Запустить» (Start) — бот ответит, что уведомления будут приходить туда.</li>
      </ol>
      <p className={shared.muted}>
        Ссылка одноразовая и действует {TELEGRAM_LINK_TTL_MINUTES} минут. Эта страница сама заметит
        подключение.
      </p>
      <div className={styles.actions}>
        <a
          className={buttonClass('primary')}
          href={code.url}
          target="_blank"
          rel="noreferrer"
          data-testid="telegram-link-url"
        >
          Открыть Telegram
        </a>
        <Button variant="ghost" onClick={ask} loading={create.isPending}>
          Новая ссылка
        </Button>
      </div>
      <p className={styles.url}>{code.url}</p>
    </div>
  );
};

const Linked = ({
  projectId,
  username,
  since,
}: {
  projectId: number;
  username: string | null;
  since: string | null;
}) => {
  const confirm = useConfirm();
  const unlink = useUnlinkTelegram(projectId);
  const askUnlink = () =>
    void confirm({
      message: 'Отключить Telegram?',
      hint: 'Уведомления CRM перестанут приходить в Telegram. Подключить его можно снова в любой момент.',
      agreeText: 'Да, отключить',
      onAgree: async () => {
        await unlink.mutateAsync();
        toast.success(TELEGRAM_UNLINKED);
      },
    });
  return (
    <div className={styles.body} data-testid="telegram-linked">
      <p>
        Уведомления приходят в Telegram{' '}
        <strong>{username ? `@${username}` : 'без имени пользователя'}</strong>
        {since && <span className={shared.muted}> · с {formatDateTime(since)}</span>}
      </p>
      <div>
        <Button variant="secondary" onClick={askUnlink}>
          Отключить
        </Button>
      </div>
    </div>
  );
};
