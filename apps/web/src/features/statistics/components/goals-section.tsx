import type { StatisticsAnswer } from '@crm/contract';
import { formatNumber } from '@/lib/numbers';
import type { CsvCell } from '@/ui/data-table/csv';
import { StatCard } from './stat-card';
import { formatProgress, NO_GOAL, personName } from './statistics-format';
import type { DayRange } from './statistics-period';
import { goalCategoryRows } from './statistics-rows';
import styles from './statistics.module.css';

export const NO_STATUS = 'Нет статуса';
const DEPOSIT = 'Депозит';

type GoalLine = { key: string; name: string; fill?: string; goal: number; done: number };

/** One goal: its name, 'done of goal' and a bar (full at the goal, past it stays full). */
const GoalProgress = ({ line }: { line: GoalLine }) => {
  const share = line.goal > 0 ? Math.min(1, line.done / line.goal) : 0;
  const text = formatProgress(line.done, line.goal);
  return (
    <li className={styles.goal} data-testid="goal-row">
      <span className={styles.goalName} title={line.name}>
        {line.fill && <span className={styles.dot} style={{ background: line.fill }} aria-hidden="true" />}
        <span className={styles.ellipsis}>{line.name}</span>
      </span>
      <span className={line.goal > 0 ? styles.goalFigure : styles.goalNone}>
        {line.goal > 0 ? text : `${formatNumber(line.done)} · ${NO_GOAL}`}
      </span>
      {line.goal > 0 && (
        <span
          className={styles.goalBar}
          role="progressbar"
          aria-label={`${line.name}: ${text}`}
          aria-valuemin={0}
          aria-valuemax={line.goal}
          aria-valuenow={Math.min(line.done, line.goal)}
          aria-valuetext={text}
        >
          <span
            className={share >= 1 ? styles.goalFillDone : styles.goalFill}
            style={{ width: `${share * 100}%`, background: share < 1 ? line.fill : undefined }}
          />
        </span>
      )}
    </li>
  );
};

const linesOf = (answer: StatisticsAnswer, goals: StatisticsAnswer['goals'][number]): GoalLine[] => [
  ...goalCategoryRows(answer, goals).map((g) => ({ key: `c${g.id}`, ...g })),
  { key: 'deposit', name: DEPOSIT, goal: goals.deposit.goal, done: goals.deposit.done },
];

const csvOf = (answer: StatisticsAnswer) => ({
  header: ['Менеджер', 'Статус', 'Цель', 'Выполнено', 'План'],
  rows: answer.goals.flatMap((g) =>
    linesOf(answer, g).map((line): CsvCell[] => [
      personName(g.manager.name, g.former),
      g.status?.name ?? NO_STATUS,
      line.name,
      line.done,
      line.goal,
    ]),
  ),
});

/** 6. Цели: each manager against the category goals and the deposit goal of his status. */
export const GoalsSection = ({ answer, period }: { answer: StatisticsAnswer; period: DayRange }) => (
  <StatCard
    wide
    title="Цели"
    text="Клиенты, приведённые в категорию, и суммы добавленных клиентов против целей статуса"
    section="goals"
    period={period}
    csv={csvOf(answer)}
    empty={answer.goals.length === 0}
    table={
      <ul className={styles.managers}>
        {answer.goals.map((g) => (
          <li key={g.manager.id} className={styles.manager} data-testid="goal-manager">
            <h3 className={styles.managerHead}>
              <span className={styles.ellipsis} title={personName(g.manager.name, g.former)}>
                {personName(g.manager.name, g.former)}
              </span>
              <span className={g.status ? styles.status : styles.statusNone} title={g.status?.name}>
                {g.status?.name ?? NO_STATUS}
              </span>
            </h3>
            <ul className={styles.goals}>
              {linesOf(answer, g).map((line) => (
                <GoalProgress key={line.key} line={line} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
    }
  />
);
