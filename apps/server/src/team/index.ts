import type { Feature } from '../feature.js';
import { claimInvitation } from './invitation-claims.js';
import { invitationsRoutes } from './invitations.routes.js';
import { seedTeamDemo } from './team.demo.js';
import { teamRoutes } from './team.routes.js';

export const teamFeature: Feature = {
  name: 'team',
  routes: async (app) => {
    await app.register(teamRoutes);
    await app.register(invitationsRoutes);
  },
  onSignal: {
    // Registering with an invitation's token joins its project (docs/product.md §6.2).
    'account.created': async (tx, { userId, email, invitationToken }) => {
      if (invitationToken) await claimInvitation(tx, invitationToken, { id: userId, email });
    },
  },
  seedDemo: seedTeamDemo,
};

/** For tests that add members and claim invitations. */
export { addMember, claimInvitation } from './invitation-claims.js';

/** The project's members (id, name, role): for features that tell members from former ones. */
export { listMembers } from './team.repository.js';

/** The project's administrators: they hear about every client and every question. */
export { projectAdminIds } from './team.repository.js';
