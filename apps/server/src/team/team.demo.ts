import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@crm/contract';
import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { hashInvitationToken } from './invitation-claims.js';

/** One pending invitation to show on the managers page (its link was never sent anywhere). */
export async function seedTeamDemo({ db, clock }: AppDeps, demo: DemoContext): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('invitations')
    .values({
      project_id: demo.projectId,
      email: 'new.manager@example.com',
      role: 'manager',
      token_hash: hashInvitationToken(randomBytes(32).toString('base64url')),
      status: 'pending',
      invited_by: demo.users.admin.id,
      accepted_by: null,
      expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600_000).toISOString(),
      accepted_at: null,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute();
}
