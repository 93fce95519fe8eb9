import type { Role } from '@crm/contract';

/** Spec §2: managers talk to the administrator; everyone else to the managers. */
export const adminChatTitle = (role: Role | null): string =>
  role === 'manager' ? 'Чат с администратором' : 'Чат с менеджерами';
