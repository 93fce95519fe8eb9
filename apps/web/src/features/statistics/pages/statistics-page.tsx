import { todayInZone } from '@crm/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { StatisticsQuery } from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { useMembers } from '@/features/team';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { currentSearchParams } from '@/lib/search-params';
import { useSession } from '@/lib/session-context';
import { formatDay } from '@/lib/zoned-time';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { useStatistics } from '../api/get-statistics';
import { PeriodFilter } from '../components/period-filter';
import { StatisticsSections } from '../components/statistics-sections';
import { StatisticsSkeleton } from '../components/statistics-skeleton';
import {
  periodRange,
  readPeriod,
  writePeriod,
  type DayRange,
  type PeriodState,
} from '../components/statistics-period';
import styles from '../components/statistics.module.css';

const positive = (raw: string | null): number | undefined =>
  raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;

const rangeText = ({ from, to }: DayRange) =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;

/** The server's 422 on the query: the days' messages go under the inputs, anything else above the cards. */
const queryErrors = (error: unknown) => {
  if (!isApiError(error) || error.status !== 422) return null;
  const out: { from?: string; to?: string; other?: string } = {};
  for (const [field, message] of firstFieldErrors(error.errors)) {
    if (field === 'from' || field === 'to') out[field] ??= message;
    else out.other ??= message;
  }
  if (!out.from && !out.to && !out.other) out.other = error.message;
  return out;
};

/**
 * /statistics (docs/product.md §9.2): the funnel, sums, new clients, time in stage, reminders and
 * goals of a period, the team's or one member's (an admin's choice; a manager sees his own). The
 * period and the member live in the address (`?period`, `from`, `to`, `manager`).
 */
export const StatisticsPage = () => {
  const { projectId, isAdmin } = useSession();
  const zone = useProjectTimeZone();
  const today = todayInZone(zone);
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params);
  const range = periodRange(period, today);
  const managerId = isAdmin ? positive(params.get('manager')) : undefined;
  const members = useMembers(projectId, undefined, isAdmin);

  const from = range?.from;
  const to = range?.to;
  const query = useMemo<StatisticsQuery | null>(
    () => (from && to ? { from, to, ...(managerId ? { manager_id: managerId } : {}) } : null),
    [from, to, managerId],
  );
  const stats = useStatistics(projectId, query);
  const errors = stats.isError ? queryErrors(stats.error) : null;

  const update = (change: (next: URLSearchParams) => void) => {
    const next = currentSearchParams();
    change(next);
    setParams(next, { replace: true });
  };
  const setPeriod = (next: PeriodState) => update((p) => writePeriod(p, next));

  const whose = isAdmin
    ? managerId
      ? (members.data?.find((m) => m.id === managerId)?.name ?? 'Сотрудник')
      : 'Вся команда'
    : 'Ваши показатели';

  const body = (() => {
    if (!range)
      return <EmptyState icon="calendar" text="Выберите обе даты периода, чтобы увидеть статистику." />;
    if (errors) {
      return <EmptyState icon="alert" text={errors.other ?? 'Исправьте период, чтобы увидеть статистику.'} />;
    }
    if (stats.isError) {
      return <LoadError text="Не удалось загрузить статистику." onRetry={() => void stats.refetch()} />;
    }
    if (!stats.data) return <StatisticsSkeleton />;
    return (
      <StatisticsSections
        answer={stats.data}
        period={{ from: stats.data.from, to: stats.data.to }}
        stale={stats.isPlaceholderData}
      />
    );
  })();

  return (
    <>
      <PageHeader
        title="Статистика"
        actions={
          isAdmin && (
            <Select
              label="Чьи показатели"
              hideLabel
              className={styles.managerSelect}
              value={managerId ? String(managerId) : ''}
              onChange={(event) =>
                update((p) => {
                  if (event.target.value) p.set('manager', event.target.value);
                  else p.delete('manager');
                })
              }
            >
              <option value="">Вся команда</option>
              {managerId && !members.data?.some((m) => m.id === managerId) && (
                <option value={managerId}>Сотрудник</option>
              )}
              {(members.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )
        }
      />
      <div className={styles.toolbar}>
        <PeriodFilter value={period} current={range} onChange={setPeriod} errors={errors ?? {}} />
      </div>
      {range && !errors && (
        <p className={styles.caption} aria-live="polite" data-testid="statistics-caption">
          {rangeText(range)} · {whose}
        </p>
      )}
      {body}
    </>
  );
};
