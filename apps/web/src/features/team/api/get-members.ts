// The members list is shared with the clients screens, so it lives in lib.
export { getMembers, membersQueryOptions, useMembers } from '@/features/team/api/members-query';
