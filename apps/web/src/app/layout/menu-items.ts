import type { Role } from '@crm/contract';
import { paths } from '@/lib/paths';
import { adminChatTitle } from '@/features/conversations/admin-chat-title';
import type { IconName } from '@/ui/icons';

export type MenuItem = { to: string; label: string; icon: IconName; end?: boolean };

/** Menu of every signed-in user (docs/product.md §2.3). */
export const mainMenuItems = (role: Role | null): MenuItem[] => [
  { to: paths.home, label: 'Главная', icon: 'home', end: true },
  { to: paths.clients, label: 'Клиенты', icon: 'clients' },
  // Clients' Telegram conversations (docs/product.md, "Telegram").
  { to: paths.inbox, label: 'Входящие', icon: 'inbox' },
  { to: paths.calendar, label: 'Календарь', icon: 'calendar' },
  { to: paths.statistics, label: 'Статистика', icon: 'statistics' },
  { to: paths.history, label: 'История действий', icon: 'history' },
  { to: paths.knowledge, label: 'Библиотека знаний', icon: 'knowledge' },
  { to: paths.adminChat, label: adminChatTitle(role), icon: 'chat' },
  { to: paths.gptChat, label: 'Чат с GPT', icon: 'sparkles' },
];

/** Admin and super_admin only (docs/product.md §3.2). */
export const adminMenuItems: MenuItem[] = [
  { to: paths.clientForm, label: 'Форма клиента', icon: 'form' },
  { to: paths.autoReminders, label: 'Авто-напоминания', icon: 'autoReminder' },
];

/** The 'Настройки' dropdown, in the order of docs/product.md §2.3. */
export const settingsMenuItems: MenuItem[] = [
  { to: paths.clientCategorySetting, label: 'Категории клиентов', icon: 'tag' },
  { to: paths.projectSetting, label: 'Настройки проекта', icon: 'sliders' },
  { to: paths.managers, label: 'Менеджеры', icon: 'team' },
  { to: paths.librarySettings, label: 'Настройки библиотеки', icon: 'knowledge' },
  { to: paths.statuses, label: 'Статусы', icon: 'flag' },
  { to: paths.initialQuestions, label: 'AI вопросы', icon: 'help' },
];

export const isSettingsPath = (pathname: string): boolean =>
  settingsMenuItems.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
