import { SOCIAL_NETWORK_PREFIXES, type FormGroup } from '@crm/contract';
import { phoneHref } from '@/lib/phone-format';
import { HintNote } from '@/ui/rich-text';
import { displayFieldValue, type ClientFieldValue } from './client-field-value-mapping';
import styles from './client-form-fields.module.css';

type ClientFieldValuesViewProps = {
  groups: readonly FormGroup[];
  fields: readonly ClientFieldValue[];
  /** The chosen options' hints under their values (the client's panel; a card has no room). */
  hints?: boolean;
};

/** A client's custom values, read-only: each field's name and value, group by group. */
export const ClientFieldValuesView = ({ groups, fields, hints = false }: ClientFieldValuesViewProps) => {
  const byField = new Map(fields.map((f) => [f.field_id, f.value]));
  const sorted = [...groups].sort((a, b) => a.order - b.order).filter((g) => g.fields.length > 0);
  if (sorted.length === 0) return null;
  return (
    <div className={styles.view}>
      {sorted.map((group) => (
        <section key={group.id} className={styles.viewGroup} aria-label={group.title}>
          <h3 className={styles.groupTitle}>{group.title}</h3>
          <dl className={styles.viewList}>
            {[...group.fields]
              .sort((a, b) => a.order - b.order)
              .map((field) => {
                const stored = byField.get(field.id) ?? '';
                const value = displayFieldValue(field, stored);
                const option =
                  hints && field.type === 'select'
                    ? field.options.find((o) => String(o.id) === stored)
                    : undefined;
                return (
                  <div key={field.id} className={styles.viewRow}>
                    <dt className={styles.viewName}>{field.name}</dt>
                    <dd className={styles.viewValue}>
                      {value === '' ? (
                        <span className={styles.viewEmpty}>Не указано</span>
                      ) : field.type === 'social_network' &&
                        SOCIAL_NETWORK_PREFIXES.some((p) => value.startsWith(p)) ? (
                        <a href={value} target="_blank" rel="noopener noreferrer">
                          {value}
                        </a>
                      ) : field.type === 'phone_number' ? (
                        <a href={phoneHref(stored)}>{value}</a>
                      ) : (
                        value
                      )}
                      {option?.clue && (
                        <HintNote value={option.clue.clue} label={`Подсказка к «${option.name}»`} />
                      )}
                    </dd>
                  </div>
                );
              })}
          </dl>
        </section>
      ))}
    </div>
  );
};
