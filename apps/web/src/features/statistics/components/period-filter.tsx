import { cx } from '@/ui/cx';
import { Input } from '@/ui/input';
import { PERIOD_PRESETS, PRESET_LABELS, type DayRange, type PeriodState } from './statistics-period';
import styles from './statistics.module.css';

type PeriodFilterProps = {
  value: PeriodState;
  /** The days shown now: a custom period starts from them. */
  current: DayRange | null;
  onChange: (next: PeriodState) => void;
  /** The server's words on the days (a 422 on `from` or `to`). */
  errors: { from?: string; to?: string };
};

/** Сегодня / Эта неделя / Этот месяц / Этот квартал / Свой период, and the custom period's days. */
export const PeriodFilter = ({ value, current, onChange, errors }: PeriodFilterProps) => (
  <>
    <div className={styles.segmented} role="group" aria-label="Период">
      {PERIOD_PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          className={cx(styles.segment, styles.segmentWide, preset === value.preset && styles.segmentActive)}
          aria-pressed={preset === value.preset}
          onClick={() => {
            if (preset === value.preset) return;
            onChange(
              preset === 'custom' ? { preset, from: current?.from ?? '', to: current?.to ?? '' } : { preset },
            );
          }}
        >
          {PRESET_LABELS[preset]}
        </button>
      ))}
    </div>
    {value.preset === 'custom' && (
      <fieldset className={styles.dates}>
        <legend className="visually-hidden">Свой период</legend>
        <Input
          label="С"
          type="date"
          className={styles.dateInput}
          value={value.from}
          max={value.to || undefined}
          error={errors.from}
          onChange={(event) => onChange({ ...value, from: event.target.value })}
        />
        <Input
          label="По"
          type="date"
          className={styles.dateInput}
          value={value.to}
          min={value.from || undefined}
          error={errors.to}
          onChange={(event) => onChange({ ...value, to: event.target.value })}
        />
      </fieldset>
    )}
  </>
);
