import type { StatisticsAnswer } from '@crm/contract';
import { AmountsSection } from './amounts-section';
import { FunnelSection } from './funnel-section';
import { GoalsSection } from './goals-section';
import { LossReasonsSection } from './loss-reasons-section';
import { OutcomesSection } from './outcomes-section';
import { NewClientsSection } from './new-clients-section';
import { RemindersSection } from './reminders-section';
import { StageTimeSection } from './stage-time-section';
import type { DayRange } from './statistics-period';
import { amountRows, bucketRows, funnelRows, stageTimeRows } from './statistics-rows';
import { cx } from '@/ui/cx';
import styles from './statistics.module.css';

type StatisticsSectionsProps = {
  answer: StatisticsAnswer;
  period: DayRange;
  /** The previous period's figures, shown dimmed while the next ones load. */
  stale: boolean;
};

/** The eight cards of the page: two a row on a wide screen, one under another on a phone. */
export const StatisticsSections = ({ answer, period, stale }: StatisticsSectionsProps) => {
  return (
    <div
      className={cx(styles.grid, stale && styles.stale)}
      aria-busy={stale || undefined}
      data-testid="statistics"
    >
      <FunnelSection rows={funnelRows(answer)} period={period} />
      <AmountsSection rows={amountRows(answer)} period={period} />
      <NewClientsSection rows={bucketRows(answer)} unit={answer.granularity} period={period} />
      <StageTimeSection rows={stageTimeRows(answer)} period={period} />
      <RemindersSection reminders={answer.reminders} period={period} />
      <GoalsSection answer={answer} period={period} />
      <OutcomesSection answer={answer} period={period} />
      <LossReasonsSection answer={answer} period={period} />
    </div>
  );
};
