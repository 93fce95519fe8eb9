/** What other features use of the team: its members (pickers, filters), and a former member's name. */
export { useMembers } from './api/members-query';
export { formerMemberName } from './former-member';
