import { zonedParts } from '@crm/contract';
import type { DateClickArg } from '@fullcalendar/interaction';
import type { EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import ruLocale from '@fullcalendar/core/locales/ru';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarReminder } from '@crm/contract';
import { useEffect, useMemo, useRef } from 'react';
import { cx } from '@/ui/cx';
import { eventBlockOf, floatingOf, VIEW_OF, wallTimeOf, type CalendarState } from './calendar-range';
import { reminderClientName, reminderStatusLook, reminderToneClass } from './reminder-status';
import styles from './calendar-view.module.css';

/**
 * FullCalendar (loaded only with the calendar page's chunk): the reminders of the window on a
 * day / week time grid or a month grid, Russian, weeks from Monday, 24 h. It runs in 'UTC' mode
 * on the project's wall times (see wallTimeOf), so days and hours are the project's.
 */
type CalendarViewProps = {
  state: CalendarState;
  reminders: CalendarReminder[];
  /** The window's reminders have arrived (not the previous window's kept on screen). */
  loaded: boolean;
  zone: string;
  /** Admins' team view: the manager's name under the client's. */
  showManager: boolean;
  onOpen: (reminderId: number) => void;
  /** An empty slot or day: its wall time 'YYYY-MM-DDTHH:mm' (a day: 'YYYY-MM-DD'). */
  onSlot: (wall: string) => void;
  /** A day's number in the month or week header: that day's view. */
  onDay: (day: string) => void;
};

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * Headers: 'пн, 23.11' in a week, 'понедельник, 23 ноября' for a day, 'пн' in a month (docs/product.md §10).
 * Reminders at the same time stand side by side up to a readable width; the rest go under
 * '+ ещё N' (a list), so no block is too narrow for its title.
 */
const VIEW_OPTIONS = {
  timeGridWeek: { dayHeaderFormat: { weekday: 'short', day: '2-digit', month: '2-digit' }, eventMaxStack: 1 },
  timeGridDay: { dayHeaderFormat: { weekday: 'long', day: 'numeric', month: 'long' }, eventMaxStack: 3 },
  dayGridMonth: { dayHeaderFormat: { weekday: 'short' } },
} as const;

type EventProps = { reminder: CalendarReminder; time: string; showManager: boolean };

const EventBody = ({ reminder, time, showManager }: EventProps) => {
  const look = reminderStatusLook(reminder.status);
  return (
    <span className={styles.eventBody}>
      <span className={styles.eventLine}>
        <span className={styles.eventTime} aria-hidden="true">
          {time}
        </span>
        <span className={cx(styles.eventTitle, look.struck && styles.struck)}>{reminder.title}</span>
      </span>
      <span className={styles.eventMeta}>
        {reminderClientName(reminder.client)}
        {showManager && ` · ${reminder.manager.name}`}
      </span>
      <span className="visually-hidden">
        , {time}, {look.label}
      </span>
    </span>
  );
};

export const CalendarView = ({
  state,
  reminders,
  loaded,
  zone,
  showManager,
  onOpen,
  onSlot,
  onDay,
}: CalendarViewProps) => {
  const ref = useRef<FullCalendar>(null);
  const view = VIEW_OF[state.period];

  // The URL is the state: when it changes (toolbar, back, a link), the calendar follows.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== view) api.changeView(view, state.date);
    else if (floatingOf(api.getDate()).slice(0, 10) !== state.date) api.gotoDate(state.date);
  }, [view, state.date]);

  // A new window opens at its first reminder's hour (08:00 at the latest), so early ones are seen.
  const firstHour = useMemo(() => {
    const hours = reminders.map((r) => zonedParts(r.completion_date, zone).time.slice(0, 2));
    const earliest = hours.length > 0 ? hours.reduce((a, b) => (a < b ? a : b)) : '08';
    return earliest < '08' ? earliest : '08';
  }, [reminders, zone]);
  const scrolledFor = useRef('');
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api || !loaded || state.period === 'month') return;
    const key = `${state.period}:${state.date}`;
    if (scrolledFor.current === key) return;
    scrolledFor.current = key;
    api.scrollToTime(`${firstHour}:00:00`);
  }, [loaded, firstHour, state.period, state.date]);

  const events = useMemo<EventInput[]>(
    () =>
      reminders.map((r) => {
        const at = wallTimeOf(r.completion_date, zone);
        return {
          id: String(r.id),
          title: r.title,
          ...eventBlockOf(at),
          classNames: [styles.event, reminderToneClass(r.status), `reminder-${r.status}`].filter(
            (c): c is string => Boolean(c),
          ),
          extendedProps: { reminder: r, at },
        };
      }),
    [reminders, zone],
  );

  const renderEvent = (arg: EventContentArg) => {
    const reminder = arg.event.extendedProps.reminder as CalendarReminder;
    return (
      <EventBody
        reminder={reminder}
        time={zonedParts(reminder.completion_date, zone).time}
        showManager={showManager}
      />
    );
  };

  return (
    <div className={cx(styles.calendar, styles[state.period])} data-testid="calendar" data-view={view}>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        locale={ruLocale}
        timeZone="UTC"
        now={() => wallTimeOf(new Date().toISOString(), zone)}
        initialView={view}
        initialDate={state.date}
        firstDay={1}
        headerToolbar={false}
        height="100%"
        allDaySlot={false}
        slotDuration="00:30:00"
        scrollTime="08:00:00"
        scrollTimeReset={false}
        slotLabelFormat={TIME_FORMAT}
        eventTimeFormat={TIME_FORMAT}
        views={VIEW_OPTIONS}
        dayPopoverFormat={{ weekday: 'long', day: 'numeric', month: 'long' }}
        nowIndicator
        slotEventOverlap={false}
        // Blocks moved up before midnight keep the order of their reminders' own times.
        eventOrder="start,at,title"
        fixedWeekCount
        dayMaxEvents
        eventDisplay="block"
        eventInteractive
        navLinks
        navLinkDayClick={(date) => onDay(floatingOf(date).slice(0, 10))}
        // axe: a day cell is named by its visible text (FullCalendar's label is only the day's
        // number); '+ ещё N' is a button that opens a list (aria-expanded needs that role).
        dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
        events={events}
        eventContent={renderEvent}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpen(Number(arg.event.id));
        }}
        dateClick={(arg: DateClickArg) =>
          onSlot(arg.allDay ? arg.dateStr.slice(0, 10) : floatingOf(arg.date))
        }
      />
    </div>
  );
};

export default CalendarView;
