import {
  STATISTICS_DAILY_MAX_DAYS,
  OTHER_LOSS_REASON,
  type LossReasonCount,
  type ManagerGoals,
  type OutcomeFigures,
  type StatisticsAnswer,
  type StatisticsQuery,
  addDays,
  dayOf,
  endOfDay,
  startOfDay,
} from '@crm/contract';
import { listCategories, listLossReasons } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import { ownScope, type MemberActor } from '../http/actor.js';
import { invalidField } from '../http/app-error.js';
import { formerMembersOf } from '../history/index.js';
import {
  closings,
  endedReminders,
  lossReasonCounts,
  firstEntries,
  membersWithGoals,
  newClientsByCategory,
  newClientsBySlot,
  stageTimes,
  wentFurther,
  type StatisticsScope,
} from './statistics.repository.js';

const MEMBER_NOT_FOUND = 'Участник проекта не найден';
const HOUR = 3_600_000;

/** Zones off the whole hour (India, Nepal, Adelaide…) need quarter-hour slots to fold into days. */
const offTheHour = (from: string, to: string, timezone: string) =>
  [from, to].some((day) =>
    ['01-01', '07-01'].some(
      (monthDay) => startOfDay(`${day.slice(0, 4)}-${monthDay}`, timezone).getTime() % HOUR !== 0,
    ),
  );

/** Every bucket of the period, so the chart shows the empty days too. */
function bucketsOf(from: string, to: string, daily: boolean): string[] {
  const buckets: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const bucket = daily ? day : day.slice(0, 7);
    if (buckets[buckets.length - 1] !== bucket) buckets.push(bucket);
  }
  return buckets;
}

/** The UTC moment a slot ('YYYY-MM-DDTHH' or 'YYYY-MM-DDTHH:m') starts. */
const slotStart = (slot: string) =>
  new Date(
    slot.length === 13 ? `${slot}:00:00Z` : `${slot.slice(0, 14)}${slot.slice(14).padStart(2, '0')}:00Z`,
  );

/**
 * The statistics page in one answer: every figure is a grouped query over an indexed range of the
 * period (docs/product.md §9.2); Node only folds the groups into the project's days and the
 * page's shapes.
 */
export async function statisticsOf(
  deps: AppDeps,
  caller: MemberActor,
  query: StatisticsQuery,
): Promise<StatisticsAnswer> {
  const { db } = deps;
  const tz = caller.timezone;
  const managerId = ownScope(caller) ?? (query.manager_id === undefined ? null : Number(query.manager_id));
  const scope: StatisticsScope = {
    projectId: caller.projectId,
    managerId,
    from: startOfDay(query.from, tz).toISOString(),
    to: endOfDay(query.to, tz).toISOString(),
  };
  const days = bucketsOf(query.from, query.to, true).length;
  const daily = days <= STATISTICS_DAILY_MAX_DAYS;

  const [categories, people, formerMembers, reasonList] = await Promise.all([
    listCategories(db, caller.projectId),
    membersWithGoals(db, caller.projectId),
    // The whole team's figures keep those removed since (docs/product.md §9.2).
    managerId === null ? formerMembersOf(db, caller.projectId) : [],
    listLossReasons(db, caller.projectId),
  ]);
  if (managerId !== null && !people.members.some((m) => m.user_id === managerId)) {
    throw invalidField('manager_id', MEMBER_NOT_FOUND);
  }
  // Whose rows: the chosen member, or the managers and anyone else with a status or figures.
  const members = people.members.filter((m) => managerId === null || m.user_id === managerId);
  const withGoals = members.filter((m) => managerId !== null || m.role === 'manager' || m.status_id !== null);
  const categoryIds = categories.map((c) => c.id);
  const formerIds = formerMembers.map((f) => f.id);

  const wonIds = categories.filter((c) => c.outcome === 'won').map((c) => c.id);
  const lostIds = categories.filter((c) => c.outcome === 'lost').map((c) => c.id);
  const [teamEntries, memberEntries, further, amounts, slots, times, reminders, closed, reasons] =
    await Promise.all([
      managerId === null ? firstEntries(db, scope, categoryIds, null) : null,
      firstEntries(db, scope, categoryIds, [...withGoals.map((m) => m.user_id), ...formerIds]),
      // Entering a 'Отказ' stage is no step further (docs/decisions.md, issue 30).
      wentFurther(
        db,
        scope,
        categoryIds,
        categories.filter((c) => c.outcome === 'lost').map((c) => c.id),
      ),
      newClientsByCategory(db, scope),
      newClientsBySlot(db, scope, offTheHour(query.from, query.to, tz)),
      stageTimes(db, deps.dialect, scope),
      endedReminders(db, scope, [...members.map((m) => m.user_id), ...formerIds]),
      closings(db, scope, [...wonIds, ...lostIds]),
      lossReasonCounts(db, scope, lostIds),
    ]);

  // The funnel, in pipeline order; conversion: the share of a stage's entrants that went further.
  const entered = new Map<number, number>();
  for (const e of teamEntries ?? memberEntries)
    entered.set(e.categoryId, (entered.get(e.categoryId) ?? 0) + e.clients);
  const funnel = categories.map((c, i) => {
    const here = entered.get(c.id) ?? 0;
    const next = categories[i + 1];
    return {
      category_id: c.id,
      entered: here,
      // A stage that ends the pipeline leads nowhere further.
      conversion: next && here > 0 && c.outcome === null ? (further.get(c.id) ?? 0) / here : null,
    };
  });
  // Sums per stage and each manager's deposits, from the same groups.
  const byCategory = new Map<number, { clients: number; amount: number }>();
  const deposits = new Map<number, number>();
  for (const a of amounts) {
    const sum = byCategory.get(a.categoryId) ?? { clients: 0, amount: 0 };
    sum.clients += a.clients;
    sum.amount += a.amount;
    byCategory.set(a.categoryId, sum);
    deposits.set(a.managerId, (deposits.get(a.managerId) ?? 0) + a.amount);
  }

  // New clients, folded from UTC slots into the project's days or months.
  const buckets = new Map(bucketsOf(query.from, query.to, daily).map((b) => [b, { clients: 0, amount: 0 }]));
  for (const s of slots) {
    const day = dayOf(slotStart(s.slot), tz);
    const bucket = buckets.get(daily ? day : day.slice(0, 7));
    if (bucket) {
      bucket.clients += s.clients;
      bucket.amount += s.amount;
    }
  }

  const ended = new Map<number, { completed: number; expired: number; canceled: number }>();
  for (const r of reminders) {
    const row = ended.get(r.managerId) ?? { completed: 0, expired: 0, canceled: 0 };
    row[r.status as 'completed' | 'expired' | 'canceled'] += r.reminders;
    ended.set(r.managerId, row);
  }
  const reminderRows = [
    ...members
      .filter((m) => managerId !== null || m.role === 'manager' || ended.has(m.user_id))
      .map((m) => ({
        manager: { id: m.user_id, name: m.name },
        former: false,
        ...(ended.get(m.user_id) ?? { completed: 0, expired: 0, canceled: 0 }),
      })),
    // A former member's reminders of the period, where he has any.
    ...formerMembers
      .filter((f) => ended.has(f.id))
      .map((f) => ({ manager: { id: f.id, name: f.name }, former: true, ...ended.get(f.id)! })),
  ];

  const goals: ManagerGoals[] = withGoals.map((m) => {
    const done = new Map(
      memberEntries.filter((e) => e.managerId === m.user_id).map((e) => [e.categoryId, e.clients]),
    );
    const statusGoals = new Map(
      people.goals.filter((g) => g.status_id === m.status_id).map((g) => [g.client_category_id, g.goal]),
    );
    return {
      manager: { id: m.user_id, name: m.name },
      former: false,
      status: m.status_id === null ? null : { id: m.status_id, name: m.status_name ?? '' },
      categories: categories.map((c) => ({
        category_id: c.id,
        goal: m.status_id === null ? 0 : (statusGoals.get(c.id) ?? 0),
        done: done.get(c.id) ?? 0,
      })),
      deposit: { goal: Number(m.deposit_goal ?? 0), done: deposits.get(m.user_id) ?? 0 },
    };
  });

  // A former member's first entries of the period, without goals (he has no status any more).
  for (const f of formerMembers) {
    const done = new Map(
      memberEntries.filter((e) => e.managerId === f.id).map((e) => [e.categoryId, e.clients]),
    );
    if (done.size === 0) continue;
    goals.push({
      manager: { id: f.id, name: f.name },
      former: true,
      status: null,
      categories: categories.map((c) => ({ category_id: c.id, goal: 0, done: done.get(c.id) ?? 0 })),
      deposit: { goal: 0, done: deposits.get(f.id) ?? 0 },
    });
  }

  // Won and lost: the period's closings, the team's (or the chosen member's) and per member.
  const won = new Set(wonIds);
  const figuresOf = (rows: typeof closed): OutcomeFigures => {
    let wins = 0;
    let losses = 0;
    let seconds = 0;
    let timed = 0;
    for (const r of rows) {
      if (won.has(r.categoryId)) {
        wins += r.clients;
        seconds += r.seconds;
        timed += r.timed;
      } else losses += r.clients;
    }
    return {
      won: wins,
      lost: losses,
      win_rate: wins + losses > 0 ? wins / (wins + losses) : null,
      avg_seconds_to_win: timed > 0 ? Math.round(seconds / timed) : null,
    };
  };
  const closedBy = new Set(closed.map((r) => r.managerId));
  const outcomesByManager = [
    ...members
      .filter((m) => managerId !== null || m.role === 'manager' || closedBy.has(m.user_id))
      .map((m) => ({
        manager: { id: m.user_id, name: m.name },
        former: false,
        ...figuresOf(closed.filter((r) => r.managerId === m.user_id)),
      })),
    ...formerMembers
      .filter((f) => closedBy.has(f.id))
      .map((f) => ({
        manager: { id: f.id, name: f.name },
        former: true,
        ...figuresOf(closed.filter((r) => r.managerId === f.id)),
      })),
  ];
  const reasonName = new Map(reasonList.map((r) => [r.id, r.name]));
  const lossReasons: LossReasonCount[] = reasons
    .map((r) =>
      r.reasonId !== null
        ? {
            reason_id: r.reasonId,
            other: false,
            name: reasonName.get(r.reasonId) ?? r.name ?? '',
            clients: r.clients,
          }
        : r.given
          ? { reason_id: null, other: true, name: OTHER_LOSS_REASON, clients: r.clients }
          : { reason_id: null, other: false, name: 'Причина не указана', clients: r.clients },
    )
    .sort((a, b) => b.clients - a.clients || a.name.localeCompare(b.name, 'ru'));

  return {
    from: query.from,
    to: query.to,
    manager_id: managerId,
    granularity: daily ? 'day' : 'month',
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      color: c.color,
      outcome: c.outcome ?? null,
    })),
    funnel,
    category_amounts: categories.map((c) => ({
      category_id: c.id,
      clients: byCategory.get(c.id)?.clients ?? 0,
      amount: byCategory.get(c.id)?.amount ?? 0,
    })),
    new_clients: [...buckets].map(([bucket, b]) => ({ bucket, ...b })),
    stage_time: categories.map((c) => {
      const t = times.get(c.id);
      return {
        category_id: c.id,
        stays: t?.stays ?? 0,
        median_seconds: t?.median ?? null,
        p90_seconds: t?.p90 ?? null,
      };
    }),
    reminders: reminderRows,
    goals,
    outcomes: figuresOf(closed),
    outcomes_by_manager: outcomesByManager,
    loss_reasons: lossReasons,
  };
}
