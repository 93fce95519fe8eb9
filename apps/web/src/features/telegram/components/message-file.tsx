import { clientMessagesEndpoints as api, type ClientMessage } from '@crm/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { downloadFile, fileBlob } from '@/lib/api-client';
import { fileSize } from '@/lib/numbers';
import { queryKeys } from '@/lib/query-keys';
import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import styles from './client-conversation.module.css';

type Props = { projectId: number; message: ClientMessage & { file: NonNullable<ClientMessage['file']> } };

const sizeText = (size: number | null) => (size === null ? '' : ` · ${fileSize(size)}`);

/** A kept photo, fetched with the session's token (an <img> cannot send it) and shown from memory. */
const Photo = ({ projectId, message }: Props) => {
  const params = { projectId, clientId: message.client_id, messageId: message.id };
  const blob = useQuery({
    queryKey: [...queryKeys.inbox.client(projectId, message.client_id), 'file', message.id],
    queryFn: ({ signal }) => fileBlob(api.file, { params, signal }),
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return <span className={styles.photoSpace} aria-busy={blob.isPending} />;
  return (
    <button type="button" className={styles.photo} onClick={() => void downloadFile(api.file, { params }, message.file.name)} title="Скачать фото">
      <img src={url} alt={message.text} />
    </button>
  );
};

/**
 * The file a client sent, under his message: a photo shown, a document to download, or why it
 * is not here (still coming from Telegram, over the server's limit, not given).
 */
export const MessageFile = ({ projectId, message }: Props) => {
  const { file } = message;
  if (file.status === 'waiting') return <span className={styles.fileNote}>Файл загружается из Telegram…</span>;
  if (file.status === 'too_big') return <span className={styles.fileNote}>Файл «{file.name}» слишком большой для CRM: откройте его в Telegram.</span>;
  if (file.status === 'failed') return <span className={styles.fileNote}>Не удалось получить файл «{file.name}» из Telegram.</span>;
  if (message.kind === 'photo') return <Photo projectId={projectId} message={message} />;
  return (
    <Button
      variant="secondary"
      className={styles.fileButton}
      onClick={() => void downloadFile(api.file, { params: { projectId, clientId: message.client_id, messageId: message.id } }, file.name)}
    >
      <Icon name="download" size={16} />
      <span className={styles.fileName}>{file.name}</span>
      {sizeText(file.size)}
    </Button>
  );
};
