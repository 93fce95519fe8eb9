import { SOCIAL_NETWORK_PREFIXES, type FormGroup } from '@crm/contract';
import { phoneHref } from '@/lib/phone-format';
import { displayFieldValue, type ClientFieldValue } from './client-field-value-mapping';
import styles from './client-form-fields.module.css';

type ClientFieldValuesViewProps = { groups: readonly FormGroup[]; fields: readonly ClientFieldValue[] };

/** A client's custom values, read-only: each field's name and value, group by group. */
export const ClientFieldValuesView = ({ groups, fields }: ClientFieldValuesViewProps) => {
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
