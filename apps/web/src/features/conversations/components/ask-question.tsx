import { MESSAGE_MAX, QUESTION_SENT, REQUIRED, type Conversation } from '@crm/contract';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/query-client';
import { useSession } from '@/lib/session-context';
import { useSessionModals } from '@/lib/session-modals';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import inputStyles from '@/ui/input.module.css';
import { Icon } from '@/ui/icons';
import { ModalFormActions } from '@/ui/modal';
import { Slot, type SlotContexts } from '@/lib/slots';
import { SEND_QUESTION_FAILED, useAskQuestion } from '../api/conversations';
import styles from './ask-question.module.css';

export const ASK_QUESTION_TITLE = 'Задать вопрос администратору';

type PickedClient = SlotContexts['client-picker']['value'];
type ModalProps = {
  projectId: number;
  /** The client the question is about; left out (the chat page), it is chosen in the form. */
  client?: { id: number; name: string };
  onDone: () => void;
  /** Sent: the conversation it went to. */
  onSent?: (conversation: Conversation) => void;
};

/**
 * The send-question modal (docs/product.md §4.13): the client (fixed, or chosen among the
 * manager's own), 'Опишите ваш вопрос:' and 'Отправить'; the answer comes in the chat, which the
 * success message points to.
 */
export const AskQuestionModal = ({ projectId, client, onDone, onSent }: ModalProps) => {
  const id = useId();
  const ask = useAskQuestion(projectId);
  const [picked, setPicked] = useState<PickedClient>(null);
  const [clientError, setClientError] = useState<string | undefined>();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tooLong = content.length > MESSAGE_MAX;
  const shownError = tooLong ? `Не более ${MESSAGE_MAX} символов` : error;
  const clientId = client?.id ?? picked?.id ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (clientId === null) setClientError(REQUIRED);
    if (clientId === null || content.trim() === '' || tooLong) return;
    let conversation: Conversation;
    try {
      conversation = await ask.mutateAsync({ client_id: clientId, content: content.trim() });
    } catch (failure) {
      // A refused text is said under the field; anything else (the client is gone) as a toast.
      const field =
        isApiError(failure) && failure.status === 422 ? firstFieldErrors(failure.errors)[0] : undefined;
      if (field?.[0] === 'client_id') setClientError(field[1]);
      else if (field) setError(field[1]);
      else notifyError(failure, SEND_QUESTION_FAILED);
      return;
    }
    toast.success(QUESTION_SENT);
    onDone();
    onSent?.(conversation);
  };

  return (
    <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="ask-question">
      {client ? (
        <div className={styles.client}>
          <span className={styles.clientLabel}>Клиент</span>
          <span className={styles.clientName}>{client.name}</span>
        </div>
      ) : (
        <Slot
          id="client-picker"
          value={picked}
          onChange={(next) => {
            setPicked(next);
            setClientError(undefined);
          }}
          error={clientError}
          autoFocus
        />
      )}
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          Опишите ваш вопрос:
        </label>
        <textarea
          id={id}
          className={cx(inputStyles.input, styles.textarea, shownError && inputStyles.invalid)}
          placeholder="Кратко опишите ваш вопрос"
          value={content}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(event) => {
            setContent(event.target.value);
            setError(null);
          }}
          data-autofocus={client ? true : undefined}
        />
        {shownError && (
          <span id={`${id}-error`} className={inputStyles.error} role="alert">
            {shownError}
          </span>
        )}
      </div>
      <ModalFormActions
        onCancel={onDone}
        submitText="Отправить"
        disabled={content.trim() === '' || tooLong}
        loading={ask.isPending}
      />
    </form>
  );
};

/** Opens the send-question modal, about `client` or with the client to choose. */
export const useAskQuestionModal = () => {
  const { projectId } = useSession();
  const modals = useSessionModals();
  return (options: Omit<ModalProps, 'projectId' | 'onDone'>) => {
    if (projectId === null) return;
    modals.open(({ close }) => <AskQuestionModal projectId={projectId} onDone={close} {...options} />, {
      title: ASK_QUESTION_TITLE,
      closeOnOverlay: false,
    });
  };
};

/** The 'client-question' slot: the action in the client's panel that opens the modal. */
const AskQuestionAction = ({ clientId, clientName }: { clientId: number; clientName: string }) => {
  const openAsk = useAskQuestionModal();
  const open = () => openAsk({ client: { id: clientId, name: clientName } });
  return (
    <Button variant="secondary" className={styles.action} onClick={open}>
      <Icon name="chat" size={18} />
      {ASK_QUESTION_TITLE}
    </Button>
  );
};

export default AskQuestionAction;
