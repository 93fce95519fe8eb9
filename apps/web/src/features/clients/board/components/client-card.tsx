import { useId, type CSSProperties, type HTMLAttributes, type KeyboardEventHandler, type Ref } from 'react';
import type { Client, FormGroup } from '@crm/contract';
import { formatLongDate } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';
import { IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Slot } from '@/lib/slots';
import { ClientFieldValuesView } from './client-field-values';
import styles from './client-card.module.css';

export type ClientCardActions = {
  onInfo: (client: Client) => void;
  onEdit: (client: Client) => void;
  onNotes: (client: Client) => void;
  onDelete: (client: Client) => void;
};

/** 'Переместить в…': a card moved without a drag (the board's list of stages, on a phone). */
export type ClientCardMove = { open: (client: Client) => void };

/** What dnd-kit hands the card: the pointer start on the whole card, the keyboard on the handle. */
export type ClientCardDrag = {
  ref: Ref<HTMLElement>;
  handleRef: Ref<HTMLButtonElement>;
  handleProps: HTMLAttributes<HTMLButtonElement> & { onKeyDown?: KeyboardEventHandler };
  cardProps: HTMLAttributes<HTMLElement>;
  dragging: boolean;
};

type ClientCardProps = {
  client: Client;
  /** The category's colour: the card's stripe. */
  color: string;
  /** Admins see whose client it is. */
  showManager: boolean;
  groups: readonly FormGroup[];
  expanded: boolean;
  onToggle: () => void;
  actions: ClientCardActions;
  drag?: ClientCardDrag;
  move?: ClientCardMove;
};

export const clientName = (client: Pick<Client, 'name' | 'last_name'>) =>
  `${client.name} ${client.last_name}`;

/**
 * The card's face: name, amount, traffic, manager, created date, and the next reminder under them
 * (the reminders feature's slot); also the drag overlay.
 */
const CardFace = ({ client, showManager }: { client: Client; showManager: boolean }) => (
  <dl className={styles.facts}>
    <div className={styles.fact}>
      <dt className="visually-hidden">Сумма клиента</dt>
      <dd className={styles.amount}>{formatNumber(client.amount)}</dd>
    </div>
    <Slot id="client-next-reminder" clientId={client.id} />
    {client.traffic && (
      <div className={styles.fact}>
        <dt className="visually-hidden">Источник</dt>
        <dd className={styles.traffic}>Траффик</dd>
      </div>
    )}
    {showManager && (
      <div className={styles.fact}>
        <dt className="visually-hidden">Менеджер</dt>
        <dd className={styles.manager}>
          <Icon name="team" size={14} />
          <span className={styles.ellipsis}>{client.manager.name}</span>
        </dd>
      </div>
    )}
    <div className={styles.fact}>
      <dt className="visually-hidden">Создан</dt>
      <dd className={styles.date}>
        <time dateTime={client.created_at}>{formatLongDate(client.created_at)}</time>
      </dd>
    </div>
  </dl>
);

/**
 * A client on the board (docs/product.md §10.3): white, the category stripe, the name in 500,
 * amount, traffic, manager and date under it, then the next reminder; expands (at most 500 px, scrolling inside) to the
 * client form's values and the actions 'Редактировать', 'Заметки', 'Удалить'.
 */
export const ClientCard = ({
  client,
  color,
  showManager,
  groups,
  expanded,
  onToggle,
  actions,
  drag,
  move,
}: ClientCardProps) => {
  const detailsId = useId();
  const name = clientName(client);
  return (
    <article
      ref={drag?.ref}
      className={cx(styles.card, drag?.dragging && styles.dragging)}
      style={{ '--stripe': `#${color}` } as CSSProperties}
      aria-label={name}
      data-testid="client-card"
      data-client-id={client.id}
      {...drag?.cardProps}
    >
      <div className={styles.head}>
        <button
          type="button"
          className={styles.name}
          onClick={() => actions.onInfo(client)}
          title="Информация о клиенте"
        >
          {name}
        </button>
        <div className={styles.tools}>
          {move && (
            // One hand on a phone: a list of stages instead of a drag across the board.
            <IconButton label={`Переместить в…: ${name}`} onClick={() => move.open(client)}>
              <Icon name="chevronRight" size={18} />
            </IconButton>
          )}
          {drag && (
            <IconButton
              ref={drag.handleRef}
              label={`Переместить клиента ${name}`}
              className={styles.handle}
              {...drag.handleProps}
            >
              <Icon name="grip" size={18} />
            </IconButton>
          )}
          <IconButton
            label={expanded ? 'Свернуть карточку' : 'Развернуть карточку'}
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            <Icon
              name="chevronDown"
              size={18}
              className={cx(styles.chevron, expanded && styles.chevronOpen)}
            />
          </IconButton>
        </div>
      </div>
      <CardFace client={client} showManager={showManager} />
      {expanded && (
        // Scrolls inside past 500 px: focusable so the keyboard can scroll it too.
        <div
          id={detailsId}
          className={styles.details}
          tabIndex={0}
          role="region"
          aria-label={`Подробнее: ${name}`}
        >
          {groups.some((g) => g.fields.length > 0) ? (
            <ClientFieldValuesView groups={groups} fields={client.fields} />
          ) : (
            <p className={styles.noFields}>В форме клиента пока нет полей.</p>
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.action} onClick={() => actions.onEdit(client)}>
              <Icon name="edit" size={16} />
              Редактировать
            </button>
            <button type="button" className={styles.action} onClick={() => actions.onNotes(client)}>
              <Icon name="chat" size={16} />
              Заметки
            </button>
            <button
              type="button"
              className={cx(styles.action, styles.danger)}
              onClick={() => actions.onDelete(client)}
            >
              <Icon name="trash" size={16} />
              Удалить
            </button>
          </div>
        </div>
      )}
    </article>
  );
};

/** The card under the pointer while it is dragged (DragOverlay): its face only. */
export const ClientCardPreview = ({
  client,
  color,
  showManager,
}: {
  client: Client;
  color: string;
  showManager: boolean;
}) => (
  <div
    className={cx(styles.card, styles.preview)}
    style={{ '--stripe': `#${color}` } as CSSProperties}
    aria-hidden="true"
  >
    <div className={styles.head}>
      <span className={styles.name}>{clientName(client)}</span>
    </div>
    <CardFace client={client} showManager={showManager} />
  </div>
);
