import type { Role } from '@crm/contract';

/** docs/product.md §2.2: managers talk to the administrator; everyone else to the managers. */
export const adminChatTitle = (role: Role | null): string =>
  role === 'manager' ? 'Чат с администратором' : 'Чат с менеджерами';
