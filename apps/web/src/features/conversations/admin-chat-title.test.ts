import { describe, expect, it } from 'vitest';
import { adminChatTitle } from './admin-chat-title';

describe('adminChatTitle (docs/product.md §2.2)', () => {
  it('is the chat with the administrator for managers and with the managers for others', () => {
    expect(adminChatTitle('manager')).toBe('Чат с администратором');
    expect(adminChatTitle('admin')).toBe('Чат с менеджерами');
    expect(adminChatTitle('super_admin')).toBe('Чат с менеджерами');
    expect(adminChatTitle(null)).toBe('Чат с менеджерами');
  });
});
