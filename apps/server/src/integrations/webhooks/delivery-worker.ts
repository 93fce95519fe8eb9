import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/job.js';
import { notify } from '../../notifications/index.js';
import { projectAdminIds } from '../../team/index.js';
import { signedHeaders } from './signature.js';
import { postWebhook } from './webhook-post.js';
import {
  claimDue,
  findWebhook,
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
/** A claimed delivery not reported back by then (its instance stopped) is claimed again. */
const CLAIM_MS = 60_000;
export const SWITCHED_OFF = 'Отключён автоматически: доставки не проходили больше суток';

type Sender = {
  /** Claims what is due and starts sending it, without waiting for the answers. */
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

function createSender(deps: AppDeps): Sender {
  const inFlight = new Set<Promise<void>>();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function pass(): Promise<number> {
    const free = IN_FLIGHT_MAX - inFlight.size;
    if (stopped || free <= 0) return 0;
    const now = deps.clock.now();
    const claimed = await claimDue(
      deps.db,
      now.toISOString(),
      new Date(now.getTime() + CLAIM_MS).toISOString(),
      free,
    );
    for (const delivery of claimed) {
      const sending: Promise<void> = deliver(deps, delivery)
        .catch((err: unknown) => deps.log.error({ err, delivery: delivery.id }, 'webhook delivery failed to record'))
        .finally(() => {
          inFlight.delete(sending);
          kick();
        });
      inFlight.add(sending);
    }
    return claimed.length;
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
        await pass().catch((err: unknown) => deps.log.error({ err }, 'webhook claim failed'));
      } while (again && !stopped);
    })().finally(() => (running = null));
  }

  return {
    pass,
    kick,
    async idle() {
      while (running || inFlight.size > 0) {
        await running;
        await Promise.all([...inFlight]);
      }
    },
    async stop() {
      stopped = true;
      await running;
      await Promise.all([...inFlight]);
    },
  };
}

/**
 * One try: the signed POST, then its outcome in one transaction. A success clears the endpoint's
 * failing; a failure schedules the next try (or gives up after the last), and an endpoint failing
 * for a day is switched off, its admins told (docs/decisions.md, "Webhooks").
 */
async function deliver(deps: AppDeps, d: ClaimedDelivery): Promise<void> {
  const sentAt = deps.clock.now();
  const headers = signedHeaders(d.secret, d.message_id, Math.floor(sentAt.getTime() / 1000), d.body);
  const result = await postWebhook(d.url, { ...headers, 'user-agent': 'CRM-Webhooks/1.0' }, d.body, deps.config.webhooks);
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  await transaction(deps, async (tx) => {
    const at = tx.now.toISOString();
    const attempts = d.attempts + 1;
    const common = { attempts, at, responseStatus: result.status, response: result.response };
    const hook = await findWebhook(tx.db, d.project_id, d.webhook_id);
    if (ok) {
      await recordAttempt(tx.db, d.id, { ...common, status: 'delivered', next: null });
      if (hook?.failing_since) await updateWebhook(tx.db, d.webhook_id, { failing_since: null });
      return;
    }
    const delay = RETRY_DELAYS_S[attempts - 1];
    await recordAttempt(tx.db, d.id, {
      ...common,
      status: delay === undefined ? 'failed' : 'pending',
      next: delay === undefined ? null : new Date(tx.now.getTime() + delay * 1000).toISOString(),
    });
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
  });
}

/** The scheduler's pass over due deliveries (retries, and any a stopped instance had claimed). */
export const webhookDeliveriesJob: Job = {
  name: 'integrations.webhook-deliveries',
  intervalMs: 1_000,
  run: (deps) => senderFor(deps).pass(),
};
