import { CATEGORY_COLORS } from '@crm/contract';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import styles from './category-settings.module.css';

/** Russian names of the ten presets, for screen readers and tooltips. */
const COLOR_NAMES: Record<(typeof CATEGORY_COLORS)[number], string> = {
  AC8BE5: 'Сиреневый',
  FFD95F: 'Жёлтый',
  '88E7FF': 'Голубой',
  FF8C8C: 'Коралловый',
  '77EF83': 'Зелёный',
  DD69C0: 'Розовый',
  '56E4D1': 'Бирюзовый',
  FFB700: 'Оранжевый',
  '677DE7': 'Синий',
  D39FD3: 'Лиловый',
};

type CategoryColorFieldProps = {
  value: string;
  onChange: (color: string) => void;
  name: string;
};

/**
 * The colour of a category: a radio group of the ten presets (docs/product.md §4.6). A colour set outside
 * the presets (the API takes any) is offered too, so editing does not change it unasked.
 */
export const CategoryColorField = ({ value, onChange, name }: CategoryColorFieldProps) => {
  const presets: string[] = [...CATEGORY_COLORS];
  const colors = presets.includes(value) ? presets : [...presets, value];
  return (
    <fieldset className={styles.colorField}>
      <legend className={styles.fieldLabel}>Цвет</legend>
      <div className={styles.swatches}>
        {colors.map((color) => {
          const label = COLOR_NAMES[color as keyof typeof COLOR_NAMES] ?? `Текущий цвет #${color}`;
          return (
            <label key={color} className={styles.swatchLabel} title={label}>
              <input
                type="radio"
                className={styles.swatchInput}
                name={name}
                value={color}
                checked={value === color}
                onChange={() => onChange(color)}
                aria-label={label}
              />
              <span className={cx(styles.swatch)} style={{ background: `#${color}` }} aria-hidden="true">
                {value === color && <Icon name="check" size={16} />}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
};
