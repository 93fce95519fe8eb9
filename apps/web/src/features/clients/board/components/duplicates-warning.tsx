import { useEffect, useRef } from 'react';
import type { ClientDuplicate, DuplicateMatch } from '@crm/contract';
import formStyles from '@/ui/form.module.css';
import styles from './client-modal.module.css';

const SHARED: Record<DuplicateMatch, string> = {
  phone_number: 'телефон',
  social_network: 'ссылка на соцсеть',
  name: 'имя и фамилия',
};

/** 'совпадает телефон'; two things, or the name and last name, agree in the plural. */
export const whatTheyShare = (d: Pick<ClientDuplicate, 'matches'>) => {
  const single = d.matches.length === 1 && d.matches[0] !== 'name';
  return `${single ? 'совпадает' : 'совпадают'} ${d.matches.map((m) => SHARED[m]).join(', ')}`;
};

/**
 * What the modal says before saving a client who may already be in the project: each one found,
 * whose it is and what they share; the caller's own (or, for an admin, any) opens in its panel.
 * Saving again keeps the choice ('Всё равно создать').
 */
export const DuplicatesWarning = ({
  duplicates,
  onOpen,
}: {
  duplicates: ClientDuplicate[];
  onOpen: (clientId: number) => void;
}) => {
  const sure = duplicates.some((d) => d.matches.some((m) => m !== 'name'));
  // It appears above the buttons of a form that may be scrolled: brought into view. (In a block:
  // Chromium's scrollIntoView answers a promise, which React would take for a cleanup.)
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [duplicates]);
  return (
    <div
      ref={ref}
      className={`${formStyles.warning} ${styles.duplicates}`}
      role="alert"
      data-testid="duplicates-warning"
    >
      <p className={styles.duplicatesTitle}>
        {sure ? 'Такой клиент уже есть в проекте:' : 'Возможно, такой клиент уже есть в проекте:'}
      </p>
      <ul className={styles.duplicatesList}>
        {duplicates.map((d, i) => (
          <li key={d.client?.id ?? `hidden-${i}`}>
            {d.client ? (
              <button type="button" className={formStyles.linkButton} onClick={() => onOpen(d.client!.id)}>
                {d.client.name} {d.client.last_name}
              </button>
            ) : (
              'Клиент'
            )}{' '}
            у менеджера {d.manager.name}: {whatTheyShare(d)}
          </li>
        ))}
      </ul>
    </div>
  );
};
