import { todayInZone } from '@crm/contract';
import type { TodayQuery } from '@crm/contract';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { useTodayFilters } from '../api/get-today-filters';
import { useTodayReminders } from '../api/get-today-reminders';
import { formatDay } from '@/lib/zoned-time';
import { TodayFilters, type TodayFilter } from '../components/today-filters';
import { TodayList, TodayListSkeleton } from '../components/today-list';
import { TodaySummary } from '../components/today-summary';
import { useReminderModals } from '../components/use-reminder-modals';
import styles from '../components/today.module.css';

const positive = (raw: string | null): number | null =>
  raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

const WEEKDAYS = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'];

/** 'понедельник, 23 ноября 2026' for a day 'YYYY-MM-DD'. */
const longToday = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${formatDay(day)}`;
};

/** The filter lives in the address (`?category=` or `?option=`), so a reload keeps it. */
const useTodayFilter = () => {
  const [params, setParams] = useSearchParams();
  const category = positive(params.get('category'));
  const option = positive(params.get('option'));
  const filter: TodayFilter = category
    ? { kind: 'category', id: category }
    : option
      ? { kind: 'option', id: option }
      : null;
  const setFilter = (next: TodayFilter) =>
    setParams(next ? { [next.kind]: String(next.id) } : {}, { replace: true });
  return [filter, setFilter] as const;
};

/**
 * 'Главная': today's reminders (the project's day), their numbers and the filters of what
 * scenario made them; a link to the calendar. Every action in a reminder's modal refreshes the
 * lists here (the reminders' queries are refreshed after each one: docs/product.md §4.9).
 */
export const DashboardPage = () => {
  const { projectId, isAdmin } = useSession();
  const zone = useProjectTimeZone();
  const { openDetails, openCreate } = useReminderModals();
  const [filter, setFilter] = useTodayFilter();

  const all = useTodayReminders(projectId, {});
  const query: TodayQuery =
    filter?.kind === 'category'
      ? { category_id: filter.id }
      : filter?.kind === 'option'
        ? { option_id: filter.id }
        : {};
  const filtered = useTodayReminders(projectId, query, filter !== null);
  const filters = useTodayFilters(projectId);
  const list = filter ? filtered : all;
  const hasFilters =
    filters.data !== undefined &&
    filters.data.client_category_changed.length + filters.data.client_form_field_changed.length > 0;

  // More than the cap today: the count says so ('1000+').
  const total = all.data ? `${all.data.data.length}${all.data.truncated ? '+' : ''}` : undefined;

  const add = (
    <Button onClick={() => openCreate()}>
      <Icon name="plus" size={18} />
      Добавить напоминание
    </Button>
  );

  // The filters (asked for at the same time) stand above the list and count what it holds: both
  // wait for each other, or the row would push the list down as it came.
  const waiting = list.isPending || filters.isPending;

  const body = () => {
    if (waiting) return <TodayListSkeleton />;
    if (list.isError && !list.data) {
      return (
        <LoadError
          plain
          text="Не удалось загрузить напоминания на сегодня."
          onRetry={() => void list.refetch()}
        />
      );
    }
    const reminders = list.data?.data ?? [];
    if (reminders.length === 0 && filter) {
      return (
        <EmptyState
          plain
          icon="inbox"
          text="По этому фильтру на сегодня напоминаний нет."
          action={
            <Button variant="secondary" onClick={() => setFilter(null)}>
              Показать все
            </Button>
          }
        />
      );
    }
    if (reminders.length === 0) {
      return <EmptyState plain icon="calendar" text="На сегодня напоминаний нет" action={add} />;
    }
    return <TodayList reminders={reminders} zone={zone} showManager={isAdmin} onOpen={openDetails} />;
  };

  return (
    <>
      <PageHeader title="Главная" actions={add} />
      {/* The numbers need the whole day: without it (a failed load) the card below says why. */}
      {!(all.isError && !all.data) && (
        <TodaySummary reminders={all.data?.data} truncated={all.data?.truncated ?? false} />
      )}
      <Card aria-labelledby="today-title">
        <CardHead
          text={<span className={styles.date}>{longToday(todayInZone(zone))}</span>}
          actions={
            <Link to={paths.calendar} className={styles.calendarLink}>
              <Icon name="calendar" size={16} />
              Открыть календарь
            </Link>
          }
        >
          <CardTitle id="today-title" count={total}>
            Напоминания на сегодня
          </CardTitle>
        </CardHead>
        {/* The filters and the list come together in one box, where the placeholder stood. */}
        <div aria-busy={list.isFetching || undefined}>
          {!waiting && hasFilters && filters.data && (
            <TodayFilters filters={filters.data} total={total} value={filter} onChange={setFilter} />
          )}
          {body()}
        </div>
      </Card>
    </>
  );
};
