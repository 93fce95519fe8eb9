/**
 * What can happen in a project: each kind is both a domain event that features react to and the
 * `kind` of its entry in the project's history ("<subject>.<what happened>"). A feature adds
 * its kinds here when it is built.
 */
export const historyKinds = [
  'project.updated',
  'invitation.sent',
  'invitation.accepted',
  'invitation.revoked',
  'member.removed',
  'member.status_changed',
  'impersonation.started',
  'status.created',
  'status.updated',
  'status.deleted',
  'status.reset',
  'status.goals_set',
  'status.deposit_goal_set',
] as const;

export type HistoryKind = (typeof historyKinds)[number];
