import { addDays, dayOf, startOfDay } from '@crm/contract';
import type { ReminderStatus, RichText } from '@crm/contract';
import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { findProjectTimezone } from '../lib/project-days.js';
import { insertNotifications } from '../notifications/index.js';
import { insertReminder } from './reminders.repository.js';
import { insertScenario, replaceScenarioPosts } from './scenarios.repository.js';

const hint = (...lines: string[]): string =>
  JSON.stringify(
    lines.map((text, i) => ({
      type: 'paragraph',
      children: [{ text, ...(i === 0 ? { bold: true } : {}) }],
    })) satisfies RichText,
  );

/** Four scenarios: two on the first contact, one on 'Думает', one on the source 'Сайт'. */
const scenarios = [
  {
    category: 'Первый контакт',
    title: 'Позвонить по новой заявке',
    hours: 2,
    minutes: 15,
    tasks: ['Представиться и назвать компанию', 'Уточнить потребность и срок', 'Договориться о презентации'],
    description: hint('Позвоните, пока заявка тёплая.', 'Скрипт первого звонка — в статье из библиотеки.'),
    posts: 1,
  },
  {
    category: 'Первый контакт',
    title: 'Отправить материалы после звонка',
    hours: 24,
    minutes: 60,
    tasks: ['Презентация', 'Прайс-лист'],
    description: hint('Письмо с материалами в тот же день.'),
    posts: 0,
  },
  {
    category: 'Думает',
    title: 'Напомнить о себе',
    hours: 48,
    minutes: 30,
    tasks: ['Спросить, остались ли вопросы', 'Предложить пробный период'],
    description: hint('Клиент думает: мягко напомните о себе.', 'Не давите — предложите помощь.'),
    posts: 2,
  },
  {
    option: 'Сайт',
    title: 'Проверить заявку с сайта',
    hours: 4,
    minutes: 15,
    tasks: ['Сверить контакты', 'Посмотреть, какие страницы смотрел клиент'],
    description: hint('Заявки с сайта приходят с пометками формы — прочитайте их до звонка.'),
    posts: 0,
  },
];

const titles = [
  'Перезвонить клиенту',
  'Отправить коммерческое предложение',
  'Уточнить бюджет',
  'Согласовать договор',
  'Провести презентацию',
  'Напомнить об оплате',
  'Собрать обратную связь',
  'Назначить встречу',
];

/**
 * The demo's reminders: scenarios, about forty reminders of the demo manager and admin across
 * this month in every status (three due later today, one made by a scenario), and notifications
 * for both, some read.
 */
export async function seedRemindersDemo(deps: AppDeps, demo: DemoContext) {
  const { db } = deps;
  const now = deps.clock.now();
  const at = now.toISOString();
  const { projectId } = demo;
  const tz = await findProjectTimezone(db, projectId);
  const categories = await db
    .selectFrom('client_categories')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  const options = await db
    .selectFrom('client_form_field_options')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  const posts = await db
    .selectFrom('knowledge_posts')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('id')
    .limit(4)
    .execute();

  const byEvent = new Map<string, number>();
  for (const s of scenarios) {
    const categoryId = s.category ? categories.find((c) => c.name === s.category)?.id : undefined;
    const optionId = s.option ? options.find((o) => o.name === s.option)?.id : undefined;
    if (categoryId === undefined && optionId === undefined) continue;
    const key = `${categoryId}:${optionId}`;
    const position = byEvent.get(key) ?? 0;
    byEvent.set(key, position + 1);
    const { id } = await insertScenario(db, {
      project_id: projectId,
      event_type: categoryId !== undefined ? 'client_category_changed' : 'client_form_field_changed',
      category_id: categoryId ?? null,
      option_id: optionId ?? null,
      title: s.title,
      description: s.description,
      schedule_for: s.hours * 3600,
      remind_before: s.minutes * 60,
      tasks: JSON.stringify(s.tasks),
      position,
      created_at: at,
      updated_at: at,
    });
    await replaceScenarioPosts(
      db,
      id,
      posts.slice(0, s.posts).map((p) => p.id),
    );
  }

  const today = dayOf(now, tz);
  const monthStart = `${today.slice(0, 8)}01`;
  const daysInMonth = new Date(
    Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0),
  ).getUTCDate();
  const firstTemplate = await db
    .selectFrom('reminder_templates')
    .select(['id', 'category_id', 'title'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .executeTakeFirst();

  const notifications = [];
  for (const [p, person] of [demo.users.manager, demo.users.admin].entries()) {
    const clients = await db
      .selectFrom('clients')
      .select(['id', 'name', 'last_name', 'category_id'])
      .where('project_id', '=', projectId)
      .where('manager_id', '=', person.id)
      .orderBy('id')
      .limit(24)
      .execute();
    if (clients.length === 0) continue;
    // Spread over the month at working hours, each person at other hours than the other (a team's
    // calendar, not pairs at one time); the past ones done, canceled, skipped or overdue.
    const made: {
      id: number;
      title: string;
      status: ReminderStatus;
      due: Date;
      client: (typeof clients)[number];
    }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const day = addDays(monthStart, Math.floor((i * daysInMonth) / 20));
      const due = new Date(
        startOfDay(day, tz).getTime() + (9 + ((i + 4 * p) % 9)) * 3600_000 + (i % 2) * 1800_000,
      );
      const past = due < now;
      const status: ReminderStatus = past
        ? (['completed', 'completed', 'expired', 'canceled', 'skipped'] as const)[i % 5]!
        : 'pending';
      made.push({
        id: 0,
        title: titles[i % titles.length]!,
        status,
        due,
        client: clients[i % clients.length]!,
      });
    }
    // Later today: three pending ones (the dashboard's list), the first from a scenario.
    for (let k = 1; k <= 3; k += 1) {
      const due = new Date(
        Math.min(
          now.getTime() + k * 2 * 3600_000 + p * 1800_000,
          endOfToday(today, tz) - 60_000 * (k + 3 * p),
        ),
      );
      const later = due > now ? due : new Date(now.getTime() + k * 600_000);
      made.push({
        id: -k,
        title: titles[(k + 3) % titles.length]!,
        status: 'pending',
        due: later,
        client: clients[k]!,
      });
    }
    for (const [i, r] of made.entries()) {
      const fromScenario = r.id === -1 && firstTemplate?.category_id != null;
      const tasks =
        i % 3 === 0
          ? []
          : ['Подготовить материалы', 'Позвонить', 'Записать итоги в заметки'].slice(0, 1 + (i % 3));
      const remind = i % 2 === 0 ? 30 : 15;
      r.id = await insertReminder(db, {
        project_id: projectId,
        client_id: r.client.id,
        manager_id: person.id,
        template_id: fromScenario ? firstTemplate!.id : null,
        trigger_type: fromScenario ? 'client_category_changed' : null,
        trigger_id: fromScenario ? firstTemplate!.category_id : null,
        title: fromScenario ? firstTemplate!.title : r.title,
        status: r.status,
        completion_date: r.due.toISOString(),
        remind_before: remind,
        notify_at: new Date(r.due.getTime() - remind * 60_000).toISOString(),
        comments: JSON.stringify(i % 4 === 1 ? ['Клиент просил звонить после обеда'] : []),
        description: i % 4 === 2 ? hint('Что обсудить', 'Сроки, бюджет и кто принимает решение.') : '',
        status_changed_at: r.status === 'pending' ? at : r.due.toISOString(),
        created_at: at,
        updated_at: at,
        tasks,
        posts: [],
      });
      if (r.status === 'completed' && tasks.length > 0) {
        await db
          .updateTable('client_reminder_tasks')
          .set({ status: 'completed', completed_at: at })
          .where('reminder_id', '=', r.id)
          .execute();
        await db
          .updateTable('client_reminders')
          .set({ tasks_done: tasks.length })
          .where('id', '=', r.id)
          .execute();
      }
      // Past notices were sent: the scheduler will not send them again.
      if (r.due.getTime() - remind * 60_000 <= now.getTime()) {
        await db.updateTable('client_reminders').set({ notified_at: at }).where('id', '=', r.id).execute();
      }
    }
    const expired = made.filter((r) => r.status === 'expired').slice(-2);
    const soon = made.filter((r) => r.id < 0 || r.status === 'pending').slice(0, 2);
    for (const [k, r] of [...expired, ...soon].entries()) {
      const isExpired = r.status === 'expired';
      notifications.push({
        user_id: person.id,
        project_id: projectId,
        type: isExpired ? ('reminder_expired' as const) : ('reminder_due' as const),
        message: isExpired
          ? `Просрочено напоминание «${r.title}» (клиент ${r.client.name} ${r.client.last_name})`
          : `Напоминание «${r.title}»: клиент ${r.client.name} ${r.client.last_name}`,
        data: JSON.stringify({
          client_reminder: {
            id: r.id,
            title: r.title,
            status: r.status,
            completion_date: r.due.toISOString(),
          },
          client: { id: r.client.id, name: r.client.name, last_name: r.client.last_name },
        }),
        created_at: new Date(now.getTime() - (k + 1) * 20 * 60_000).toISOString(),
        read_at: k === 0 ? new Date(now.getTime() - 5 * 60_000).toISOString() : null,
      });
    }
  }
  await insertNotifications(db, notifications);
}

const endOfToday = (today: string, tz: string) => startOfDay(addDays(today, 1), tz).getTime();
