import { useId, useState, type ReactNode } from 'react';
import { SCENARIO_EVENT_LABELS, type Scenario } from '@crm/contract';
import { plural } from '@/lib/plural';
import { Button } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { RichTextView } from '@/ui/rich-text';
import { remindBeforeText, scheduleText } from './scenario-format';
import styles from './scenarios.module.css';

export type ScenarioCardActions = {
  onView: (scenario: Scenario) => void;
  onEdit: (scenario: Scenario) => void;
};

type ScenarioCardProps = ScenarioCardActions & {
  scenario: Scenario;
  /** The drag handle (or its picture in the overlay). */
  handle: ReactNode;
};

/** The event a scenario starts from, in words: '«Встреча назначена»' or 'Источник: Сайт'. */
const eventName = (scenario: Scenario) =>
  scenario.event.select_field
    ? `${scenario.event.select_field.name}: ${scenario.event.name}`
    : `«${scenario.event.name}»`;

const extraSummary = (scenario: Scenario) => {
  const parts = [
    scenario.tasks.length > 0 &&
      `${scenario.tasks.length} ${plural(scenario.tasks.length, ['пункт', 'пункта', 'пунктов'])}`,
    scenario.knowledge_base_posts.length > 0 &&
      `${scenario.knowledge_base_posts.length} ${plural(scenario.knowledge_base_posts.length, ['статья', 'статьи', 'статей'])}`,
  ].filter(Boolean);
  return parts.join(', ');
};

/**
 * A scenario's card (docs/product.md §4.10): title, the event label, 'Через N часов', 'Напомнить за M минут',
 * the expandable 'Доп. информация' (checklist, hint, articles), and 'Посмотреть весь сценарий'
 * and 'Редактировать'.
 */
export const ScenarioCardContent = ({ scenario, handle, onView, onEdit }: ScenarioCardProps) => {
  const titleId = useId();
  const extraId = useId();
  const [open, setOpen] = useState(false);
  const summary = extraSummary(scenario);
  return (
    <>
      <div className={styles.cardHead}>
        <p id={titleId} className={styles.cardTitle} data-testid="scenario-title" title={scenario.title}>
          {scenario.title}
        </p>
        {handle}
      </div>
      <p className={styles.eventLabel}>
        <span className={styles.eventType}>{SCENARIO_EVENT_LABELS[scenario.event_type]}</span>
        <span className={styles.eventName}>{eventName(scenario)}</span>
      </p>
      <ul className={styles.timing} aria-label="Сроки">
        <li>
          <Icon name="autoReminder" size={16} />
          {scheduleText(scenario.schedule_for)}
        </li>
        <li>
          <Icon name="bell" size={16} />
          {remindBeforeText(scenario.remind_before)}
        </li>
      </ul>
      <div className={styles.extra}>
        <button
          type="button"
          className={styles.extraToggle}
          aria-expanded={open}
          aria-controls={extraId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name="chevronDown" size={16} className={cx(styles.chevron, open && styles.chevronOpen)} />
          Доп. информация
          {summary !== '' && <span className={styles.extraSummary}>{summary}</span>}
        </button>
        {open && (
          <div
            id={extraId}
            className={styles.extraBody}
            role="region"
            aria-label={`Доп. информация: ${scenario.title}`}
            // It scrolls when long: the keyboard can scroll it too.
            tabIndex={0}
            data-testid="scenario-extra"
          >
            <div>
              <p className={styles.extraTitle}>Чек-лист</p>
              {scenario.tasks.length === 0 ? (
                <p className={styles.emptyNote}>Пунктов нет.</p>
              ) : (
                <ul className={styles.extraList}>
                  {scenario.tasks.map((task) => (
                    <li key={task}>{task}</li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <p className={styles.extraTitle}>Подсказка</p>
              <RichTextView value={scenario.description} className={styles.extraHint} />
            </div>
            <div>
              <p className={styles.extraTitle}>Статьи</p>
              {scenario.knowledge_base_posts.length === 0 ? (
                <p className={styles.emptyNote}>Статьи не выбраны.</p>
              ) : (
                <ul className={styles.extraList}>
                  {scenario.knowledge_base_posts.map((post) => (
                    <li key={post.id}>{post.title}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </div>
      <div className={styles.cardActions}>
        <Button variant="secondary" onClick={() => onView(scenario)} aria-describedby={titleId}>
          Посмотреть весь сценарий
        </Button>
        <Button variant="secondary" onClick={() => onEdit(scenario)} aria-describedby={titleId}>
          <Icon name="edit" size={16} />
          Редактировать
        </Button>
      </div>
    </>
  );
};
