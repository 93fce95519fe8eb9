import type { Role } from '@crm/contract';
import { adminChatTitle } from '../../features/chats/admin-chat-title';
import type { IconName } from '../../ui/icons';

export type MenuItem = { to: string; label: string; icon: IconName; end?: boolean };

/** Menu of every signed-in user (spec §2 "Routes inside the main layout"). */
export const mainMenuItems = (role: Role | null): MenuItem[] => [
  { to: '/', label: 'Главная', icon: 'home', end: true },
  { to: '/clients', label: 'Клиенты', icon: 'clients' },
  { to: '/calendar', label: 'Календарь', icon: 'calendar' },
  { to: '/statistics', label: 'Статистика', icon: 'statistics' },
  { to: '/history', label: 'История действий', icon: 'history' },
  { to: '/knowledge', label: 'Библиотека знаний', icon: 'knowledge' },
  { to: '/admin-chat', label: adminChatTitle(role), icon: 'chat' },
  { to: '/gpt-chat', label: 'Чат с GPT', icon: 'sparkles' },
];

/** Admin and super_admin only (spec §6). */
export const adminMenuItems: MenuItem[] = [
  { to: '/client_form', label: 'Форма клиента', icon: 'form' },
  { to: '/auto-reminders', label: 'Авто-напоминания', icon: 'autoReminder' },
];

/** The 'Настройки' dropdown, in the order of spec §2 Layout. */
export const settingsMenuItems: MenuItem[] = [
  { to: '/client-category-setting', label: 'Категории клиентов', icon: 'tag' },
  { to: '/project-setting', label: 'Настройки проекта', icon: 'sliders' },
  { to: '/managers', label: 'Менеджеры', icon: 'team' },
  { to: '/library-settings', label: 'Настройки библиотеки', icon: 'knowledge' },
  { to: '/status', label: 'Статусы', icon: 'flag' },
  { to: '/initial-questions', label: 'AI вопросы', icon: 'help' },
];

export const isSettingsPath = (pathname: string): boolean =>
  settingsMenuItems.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
