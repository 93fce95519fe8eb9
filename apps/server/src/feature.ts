import type { HistoryKind } from '@crm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Migration } from 'kysely/migration';
import type { AppDeps, Tx } from './deps.js';
import type { DomainEvent, SignalData } from './events/domain-events.js';
import type { Job } from './jobs/job.js';

/** What a feature brings to the server; features.ts lists them, one line each. */
export type Feature = {
  name: string;
  /** Its routes, mounted under /api/v1. */
  routes?: FastifyPluginAsyncZod;
  /** Its migrations by name; names are `YYYY_MM_DD_HHMM_<feature>_<what>` and sort in run order. */
  migrations?: Record<string, Migration>;
  /** Reactions to other features' events inside the same transaction (may veto by throwing). */
  inTransaction?: { [K in HistoryKind]?: (tx: Tx, event: DomainEvent<K>) => Promise<void> };
  /**
   * The same for a kind handled as a set: the events given together (a bulk action's batch) in
   * one call, a single one as a set of one; declared instead of the one-by-one handler.
   */
  inTransactionMany?: { [K in HistoryKind]?: (tx: Tx, events: DomainEvent<K>[]) => Promise<void> };
  /** Reactions to other features' signals, inside the same transaction. */
  onSignal?: { [K in keyof SignalData]?: (tx: Tx, data: SignalData[K]) => Promise<void> };
  /** Reactions after the commit (pushes to open pages, notifications). */
  afterCommit?: { [K in HistoryKind]?: (deps: AppDeps, event: DomainEvent<K>) => Promise<void> };
  /** The same for a kind handled as a set (see `inTransactionMany`). */
  afterCommitMany?: { [K in HistoryKind]?: (deps: AppDeps, events: DomainEvent<K>[]) => Promise<void> };
  /** Background work run by the scheduler. */
  jobs?: Job[];
  /** Its part of the demo project, run in feature order on an empty database. */
  seedDemo?: (deps: AppDeps, demo: DemoContext) => Promise<void>;
};

/** What the demo fragments share: the demo project and its people, filled in feature order. */
export type DemoContext = {
  projectId: number;
  users: Record<'owner' | 'admin' | 'manager', { id: number; email: string; password: string }>;
};
