import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import type { ClientsRange } from '@/features/clients/board/api/get-clients';
import styles from './board.module.css';

/** The server's words for a range that ends before it starts (contract clientsQuery). */
export const RANGE_BACKWARDS = 'Дата «по» не может быть раньше даты «с»';

type BoardDateFilterProps = {
  value: ClientsRange;
  onChange: (range: ClientsRange) => void;
};

/** Clients created from … to … (YYYY-MM-DD, both optional), applied to every column. */
export const BoardDateFilter = ({ value, onChange }: BoardDateFilterProps) => {
  const backwards = Boolean(value.from && value.to && value.from > value.to);
  return (
    <fieldset className={styles.dates}>
      <legend>Дата создания</legend>
      <Input
        label="С"
        type="date"
        className={styles.dateInput}
        value={value.from ?? ''}
        max={value.to || undefined}
        onChange={(event) => onChange({ ...value, from: event.target.value || undefined })}
      />
      <Input
        label="По"
        type="date"
        className={styles.dateInput}
        value={value.to ?? ''}
        min={value.from || undefined}
        error={backwards ? RANGE_BACKWARDS : undefined}
        onChange={(event) => onChange({ ...value, to: event.target.value || undefined })}
      />
      {(value.from || value.to) && (
        <Button variant="ghost" onClick={() => onChange({})}>
          Сбросить даты
        </Button>
      )}
    </fieldset>
  );
};
