/** What other features use of the team: its members (pickers, filters), and a former member's name. */
export { useMembers } from './api/members-query';
export { formerMemberName } from './former-member';
/** Who gets the clients a channel brings: one manager, or the managers by turns (lead forms, Telegram). */
export { ManagerRuleFields } from './components/manager-rule-fields';
