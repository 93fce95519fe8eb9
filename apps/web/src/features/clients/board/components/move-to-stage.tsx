import { useCallback } from 'react';
import type { Client } from '@crm/contract';
import { useSessionModals } from '@/lib/session-modals';
import { cx } from '@/ui/cx';
import { clientName } from './client-card';
import styles from './client-card.module.css';

type Stage = { id: number; name: string; color: string };

type StageListProps = { client: Client; stages: readonly Stage[]; onChoose: (categoryId: number) => void };

/** The stages as a list of buttons: the one the client is in is marked and cannot be chosen. */
const StageList = ({ client, stages, onChoose }: StageListProps) => (
  <ul className={styles.stageList} aria-label="Категории">
    {stages.map((stage) => {
      const here = stage.id === client.category_id;
      return (
        <li key={stage.id}>
          <button
            type="button"
            className={cx(styles.stageChoice, here && styles.stageHere)}
            disabled={here}
            aria-current={here ? 'true' : undefined}
            onClick={() => onChoose(stage.id)}
          >
            <span className={styles.moveDot} style={{ background: `#${stage.color}` }} aria-hidden="true" />
            <span className={styles.stageName}>{stage.name}</span>
            {here && <span className={styles.stageNote}>сейчас здесь</span>}
          </button>
        </li>
      );
    })}
  </ul>
);

/**
 * 'Переместить в…' (docs/product.md §4.8): the board's stages in a modal (a sheet on a phone);
 * choosing one moves the client as a drop on its column would.
 */
export const useMoveToStage = (
  stages: readonly Stage[],
  onMove: (client: Client, categoryId: number) => void,
) => {
  const modals = useSessionModals();
  return useCallback(
    (client: Client) =>
      modals.open(
        ({ close }) => (
          <StageList
            client={client}
            stages={stages}
            onChoose={(categoryId) => {
              close();
              onMove(client, categoryId);
            }}
          />
        ),
        { title: `Переместить клиента ${clientName(client)}` },
      ),
    [modals, stages, onMove],
  );
};
