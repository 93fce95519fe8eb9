import { transaction } from '../../db/transaction.js';
import type { AppDeps, Tx } from '../../deps.js';
import type { Job } from '../../jobs/job.js';
import { notify } from '../../notifications/index.js';
import { projectAdminIds } from '../../team/index.js';
import { signedHeaders } from './signature.js';
import { postWebhook, type PostResult } from './webhook-post.js';
import {
  claimDue,
  clearFailing,
  findWebhook,
  markDelivered,
  recordAttempt,
  updateWebhook,
  type ClaimedDelivery,
} from './webhooks.repository.js';

/** The waits after each failed try: growing, about a day in all; then the delivery is given up. */
export const RETRY_DELAYS_S = [10, 60, 300, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800];
/** An endpoint failing without a success for this long is switched off. */
export const SWITCH_OFF_AFTER_MS = 24 * 3_600_000;
/** How many deliveries one instance sends at once: the receivers set the pace, not the queue. */
const IN_FLIGHT_MAX = 16;
/** How many one claim takes (sent as slots free up, with no query between them). */
const CLAIM_AT_ONCE = 64;
/** A claimed delivery not reported back by then (its instance stopped) is claimed again. */
const CLAIM_MS = 60_000;
export const SWITCHED_OFF = 'Отключён автоматически: доставки не проходили больше суток';

type Sender = {
  /** Records the answers so far, claims what is due and starts sending it, without waiting for the answers. */
  pass(): Promise<number>;
  /** Another pass soon (a change committed, a delivery finished). */
  kick(): void;
  /** Resolves once nothing is being claimed or sent (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

const senders = new WeakMap<AppDeps, Sender>();

/** This instance's sender (one per app's deps). */
export function senderFor(deps: AppDeps): Sender {
  let sender = senders.get(deps);
  if (!sender) {
    sender = createSender(deps);
    senders.set(deps, sender);
  }
  return sender;
}

export const kickDeliveries = async (deps: AppDeps) => senderFor(deps).kick();

type Outcome = { delivery: ClaimedDelivery; result: PostResult };

function createSender(deps: AppDeps): Sender {
  const inFlight = new Set<Promise<void>>();
  /** Claimed and not sent yet: a finished delivery's slot is filled from here, with no query. */
  const claimed: ClaimedDelivery[] = [];
  /** Answers not recorded yet: written together by the next pass. */
  const answered: Outcome[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function dispatch() {
    while (!stopped && inFlight.size < IN_FLIGHT_MAX && claimed.length > 0) {
      const delivery = claimed.shift()!;
      const sending: Promise<void> = send(deps, delivery)
        .then((result) => void answered.push({ delivery, result }))
        .finally(() => {
          inFlight.delete(sending);
          dispatch();
          kick();
        });
      inFlight.add(sending);
    }
  }

  async function pass(): Promise<number> {
    // Recorded before claiming: a client's next delivery waits until this one is written down.
    if (answered.length > 0) await recordOutcomes(deps, answered.splice(0));
    if (stopped || claimed.length >= IN_FLIGHT_MAX) return 0;
    const now = deps.clock.now();
    const taken = await claimDue(
      deps.db,
      now.toISOString(),
      new Date(now.getTime() + CLAIM_MS).toISOString(),
      CLAIM_AT_ONCE - claimed.length - inFlight.size,
    );
    claimed.push(...taken);
    dispatch();
    return taken.length;
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((err: unknown) => deps.log.error({ err }, 'webhook pass failed'));
      } while (again && !stopped);
    })().finally(() => (running = null));
  }

  return {
    pass,
    kick,
    async idle() {
      while (!stopped && (running || inFlight.size > 0 || answered.length > 0 || claimed.length > 0)) {
        if (!running && inFlight.size === 0) kick();
        await running;
        await Promise.all([...inFlight]);
      }
    },
    async stop() {
      stopped = true;
      await running;
      await Promise.all([...inFlight]);
      // What was claimed and not sent waits for its claim to end, then another pass takes it.
      if (answered.length > 0) {
        await recordOutcomes(deps, answered.splice(0)).catch((err: unknown) =>
          deps.log.error({ err }, 'webhook outcomes not recorded'),
        );
      }
    },
  };
}

/** One try: the signed POST of the stored body, with this try's time. */
function send(deps: AppDeps, d: ClaimedDelivery): Promise<PostResult> {
  const sentAt = deps.clock.now();
  const headers = signedHeaders(d.secret, d.message_id, Math.floor(sentAt.getTime() / 1000), d.body);
  return postWebhook(d.url, { ...headers, 'user-agent': 'CRM-Webhooks/1.0' }, d.body, deps.config.webhooks);
}

const isSuccess = (result: PostResult) => result.status !== null && result.status >= 200 && result.status < 300;

/**
 * The answers of a pass, in one transaction: successes answered alike in one statement (and their
 * endpoints failing no more); each failure schedules its next try (or gives up after the last),
 * and an endpoint whose delivery is given up or that has failed for a day is switched off, its
 * admins told (docs/decisions.md, "Webhooks").
 */
async function recordOutcomes(deps: AppDeps, outcomes: Outcome[]): Promise<void> {
  await transaction(deps, async (tx) => {
    const at = tx.now.toISOString();
    const alike = new Map<string, { status: number; response: string; ids: number[] }>();
    for (const { delivery, result } of outcomes.filter((o) => isSuccess(o.result))) {
      const key = `${result.status} ${result.response}`;
      const group = alike.get(key) ?? { status: result.status!, response: result.response, ids: [] };
      group.ids.push(delivery.id);
      alike.set(key, group);
    }
    for (const group of alike.values()) {
      await markDelivered(tx.db, group.ids, { at, responseStatus: group.status, response: group.response });
    }
    const delivered = [...new Set(outcomes.filter((o) => isSuccess(o.result)).map((o) => o.delivery.webhook_id))];
    if (delivered.length > 0) await clearFailing(tx.db, delivered);
    for (const { delivery, result } of outcomes.filter((o) => !isSuccess(o.result))) {
      await recordFailure(tx, delivery, result);
    }
  });
}

async function recordFailure(tx: Tx, d: ClaimedDelivery, result: PostResult) {
  const at = tx.now.toISOString();
  const attempts = d.attempts + 1;
  const delay = RETRY_DELAYS_S[attempts - 1];
  await recordAttempt(tx.db, d.id, {
    attempts,
    at,
    responseStatus: result.status,
    response: result.response,
    status: delay === undefined ? 'failed' : 'pending',
    next: delay === undefined ? null : new Date(tx.now.getTime() + delay * 1000).toISOString(),
  });
  const hook = await findWebhook(tx.db, d.project_id, d.webhook_id);
  if (!hook) return;
  const failingSince = hook.failing_since ?? at;
  // Its last try given up, or failing for a day: the endpoint is off until an admin turns it on.
  const gaveUp = delay === undefined;
  if (hook.enabled === 1 && (gaveUp || tx.now.getTime() - Date.parse(failingSince) >= SWITCH_OFF_AFTER_MS)) {
    await updateWebhook(tx.db, hook.id, { enabled: 0, disabled_reason: SWITCHED_OFF, failing_since: failingSince, updated_at: at });
    await tx.record({
      projectId: hook.project_id,
      actorId: null,
      kind: 'webhook.switched_off',
      subjectType: 'webhook',
      subjectId: hook.id,
      message: `Вебхук ${hook.url} отключён автоматически: доставки не проходили больше суток`,
      before: { enabled: true },
      after: { enabled: false },
    });
    const admins = await projectAdminIds(tx.db, hook.project_id);
    await notify(
      tx,
      admins.map((userId) => ({
        userId,
        projectId: hook.project_id,
        type: 'webhook_disabled' as const,
        message: `Вебхук ${hook.url} отключён: доставки не проходили больше суток. Проверьте адрес и включите его снова.`,
        data: {},
      })),
    );
  } else if (hook.failing_since === null) {
    await updateWebhook(tx.db, hook.id, { failing_since: at });
  }
}

/** The scheduler's pass over due deliveries (retries, and any a stopped instance had claimed). */
export const webhookDeliveriesJob: Job = {
  name: 'integrations.webhook-deliveries',
  intervalMs: 1_000,
  run: (deps) => senderFor(deps).pass(),
};
