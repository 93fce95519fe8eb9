import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { DomainEvent, SignalData, SignalKind } from './events/domain-events.js';
import type { AccessCache } from './identity/access-cache.js';
import type { FileStore } from './storage/file-store.js';
import type { Clock } from './lib/clock.js';
import type { LanguageModel } from './llm/language-model.js';
import type { Mailer } from './mail/mailer.js';
import type { Publisher } from './realtime/publisher.js';

/**
 * What every service receives, the same everywhere: `service(deps, …)`. Built once by main.ts
 * (and by the test helper), each outside system behind its adapter.
 */
export type AppDeps = {
  db: Db;
  dialect: Dialect;
  config: AppConfig;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  clock: Clock;
  mailer: Mailer;
  /** Pushes to open pages: in-process, or across instances through Redis. */
  publisher: Publisher;
  /** Resolved tokens and memberships; a change of access is announced through `changed`. */
  access: AccessCache;
  /** Where files people and clients send are kept: the data folder, or an S3-compatible store. */
  files: FileStore;
  /** The AI chat's model; null when no API key is configured. */
  languageModel: LanguageModel | null;
  events: EventDispatch;
};

/** A unit of work in one database transaction (see db/transaction.ts). */
export type Tx = {
  db: Db;
  deps: AppDeps;
  /** The moment the work started, from the clock: one timestamp for all its rows. */
  now: Date;
  /** Writes the history entry and dispatches it as a domain event. */
  record<E extends DomainEvent>(event: E): Promise<void>;
  /**
   * Writes many history entries in few statements (a scheduler pass, a bulk action's batch), then
   * dispatches them together (`emitAll`).
   */
  recordAll(events: DomainEvent[]): Promise<void>;
  /** Dispatches a domain event that has no history entry. */
  emit<E extends DomainEvent>(event: E): Promise<void>;
  /** Dispatches events together: a feature that handles their kind as a set gets them at once. */
  emitAll(events: DomainEvent[]): Promise<void>;
  /** Tells the features that handle it something that has no history entry (a signal). */
  signal<K extends SignalKind>(kind: K, data: SignalData[K]): Promise<void>;
  /** Runs once the transaction has committed (pushes to open pages); failures are logged only. */
  onCommit(task: () => Promise<void>): void;
};

/** Runs the features' handlers of a domain event (built from the feature list in events/). */
export type EventDispatch = {
  /** Handlers that share the transaction: their writes commit or roll back with it. */
  inTransaction(tx: Tx, events: readonly DomainEvent[]): Promise<void>;
  /** Handlers that run after the commit (pushes, emails); their failures are logged only. */
  afterCommit(deps: AppDeps, events: readonly DomainEvent[]): Promise<void>;
  /** Handlers of a signal, inside the sender's transaction. */
  signal<K extends SignalKind>(tx: Tx, kind: K, data: SignalData[K]): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
