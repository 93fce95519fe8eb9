import { CALENDAR_LIMIT, type CalendarPeriod, todayInZone } from '@crm/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useMembers } from '@/features/team';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { Skeleton } from '@/ui/skeleton';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import { useCalendarReminders } from '../api/get-calendar-reminders';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { rangeStart, readCalendarState, type CalendarState } from '../components/calendar-range';
import { CalendarToolbar } from '../components/calendar-toolbar';
import { useReminderModals } from '../components/use-reminder-modals';
import styles from '../components/calendar-view.module.css';

// FullCalendar is this page's alone: it loads with the page's chunk and never elsewhere.
const CalendarView = lazy(() => import('../components/calendar-view'));

const positive = (raw: string | null): number | undefined =>
  raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;

const EMPTY_TEXT: Record<CalendarPeriod, string> = {
  day: 'На этот день напоминаний нет.',
  week: 'На этой неделе напоминаний нет.',
  month: 'В этом месяце напоминаний нет.',
};

/** What shows in the calendar's place while FullCalendar's code loads. */
const CalendarSkeleton = () => (
  <div className={styles.calendar} aria-hidden="true">
    <Skeleton height={520} />
  </div>
);

/**
 * 'Календарь': the reminders of a day, a week (default) or a month (docs/product.md §4.9). The
 * state lives in the address (`?period&date`, plus `manager` for an admin's filter), so a reload
 * or 'back' keeps it; `?reminder=<id>` opens that reminder (the notifications' link).
 */
export const CalendarPage = () => {
  const { projectId, isAdmin } = useSession();
  const zone = useProjectTimeZone();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [params, setParams] = useSearchParams();
  const { openDetails, openCreate } = useReminderModals();
  const today = todayInZone(zone);

  // Phones open on a day: a week's seven columns do not fit 390 px.
  const defaultPeriod: CalendarPeriod = phone ? 'day' : 'week';
  const state = readCalendarState(params, { period: defaultPeriod, today });
  const managerId = isAdmin ? positive(params.get('manager')) : undefined;
  const query = {
    start_date: rangeStart(state),
    period: state.period,
    ...(managerId ? { manager_id: managerId } : {}),
  };
  const reminders = useCalendarReminders(projectId, query);
  const members = useMembers(projectId, undefined, isAdmin);

  const update = (change: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace },
    );

  const go = (next: CalendarState) =>
    update((p) => {
      p.set('period', next.period);
      p.set('date', next.date);
    });

  // ?reminder=<id>: its details, once; the parameter then leaves the address so that closing the
  // modal and reloading does not reopen it. A tick later, so the modal stack's "close on a new
  // page" does not close what this page just opened.
  // The modal keeps the session it was opened with: wait until the project is known.
  const reminderParam = positive(params.get('reminder'));
  useEffect(() => {
    if (reminderParam === undefined || projectId === null) return;
    const timer = window.setTimeout(() => {
      openDetails(reminderParam);
      update((p) => p.delete('reminder'), true);
    }, 0);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per id in the address
  }, [reminderParam, projectId]);

  const data = reminders.data;
  const showLoading = reminders.isFetching && (reminders.isPlaceholderData || !data);

  return (
    <>
      <PageHeader
        title="Календарь"
        actions={
          <>
            {isAdmin && (
              <Select
                label="Сотрудник"
                hideLabel
                className={styles.filter}
                value={managerId ? String(managerId) : ''}
                onChange={(event) =>
                  update((p) => {
                    if (event.target.value) p.set('manager', event.target.value);
                    else p.delete('manager');
                  })
                }
              >
                <option value="">Все сотрудники</option>
                {(members.data ?? []).map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </Select>
            )}
            <Button onClick={() => openCreate()}>
              <Icon name="plus" size={18} />
              Добавить напоминание
            </Button>
          </>
        }
      />
      <Card aria-label="Календарь напоминаний">
        <CalendarToolbar state={state} today={today} onChange={go} />
        {reminders.isError && (
          <div className={cx(styles.banner, styles.bannerError)} role="alert">
            <Icon name="alert" size={18} />
            <span className={styles.bannerText}>Не удалось загрузить напоминания за этот период.</span>
            <Button variant="secondary" onClick={() => void reminders.refetch()}>
              Повторить
            </Button>
          </div>
        )}
        {data?.truncated && (
          <div className={styles.banner} role="status" data-testid="calendar-truncated">
            <Icon name="alert" size={18} />
            <span className={styles.bannerText}>
              За этот период напоминаний больше {CALENDAR_LIMIT.toLocaleString('ru-RU')}: показаны первые{' '}
              {CALENDAR_LIMIT.toLocaleString('ru-RU')}. Выберите период короче
              {isAdmin ? ' или одного сотрудника' : ''}.
            </span>
          </div>
        )}
        {reminders.isSuccess && !reminders.isPlaceholderData && data?.data.length === 0 && (
          <p className={styles.note} role="status" data-testid="calendar-empty">
            {EMPTY_TEXT[state.period]} Нажмите на свободное время, чтобы добавить напоминание.
          </p>
        )}
        <div className={styles.frame} aria-busy={showLoading || undefined}>
          <Suspense fallback={<CalendarSkeleton />}>
            <CalendarView
              state={state}
              reminders={data?.data ?? []}
              loaded={reminders.isSuccess && !reminders.isPlaceholderData}
              zone={zone}
              showManager={isAdmin && !managerId}
              onOpen={openDetails}
              onSlot={(wall) => {
                const day = wall.slice(0, 10);
                // A past slot offers nothing: a reminder cannot be planned in the past.
                if (day >= today) openCreate({ date: day });
              }}
              onDay={(day) => go({ period: 'day', date: day })}
            />
          </Suspense>
          {showLoading && (
            <div className={styles.loading} data-testid="calendar-loading">
              <span className="visually-hidden">Загрузка напоминаний…</span>
            </div>
          )}
        </div>
      </Card>
    </>
  );
};
