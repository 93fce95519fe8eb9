import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { insertTechnicalUser } from '../identity/technical-users.js';
import { insertFile } from './files/files.repository.js';
import { insertClientMessage } from './inbox/messages.repository.js';
import { insertBot } from './telegram.repository.js';
import { GREETING } from './updates.service.js';

/** The demo's document (a BOM, so Windows' Notepad reads it as UTF-8). */
const DELIVERY_TERMS = [
  'Условия доставки',
  '',
  'Доставка по России — 2–5 дней, от 500 ₽.',
  'Оплата картой при получении или переводом по счёту.',
  'Возврат — в течение 14 дней.',
].join('\r\n');

/**
 * 'Входящие' is not empty: three of the manager's clients wrote to the shop's bot, one answered,
 * one answer not delivered (he blocked the bot), one unread; one answer carries a document. The bot itself is not connected (its
 * token would be a real one): the Telegram tab shows how to connect, and the conversations say
 * an answer needs it.
 */
export async function seedTelegramDemo({ db, clock, files }: AppDeps, demo: DemoContext): Promise<void> {
  const now = clock.now().getTime();
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'category_id'])
    .where('project_id', '=', demo.projectId)
    .where('manager_id', '=', demo.users.manager.id)
    .orderBy('id')
    .limit(3)
    .execute();
  if (clients.length < 3) return;
  const bot = await insertTechnicalUser(db, 'Telegram-бот @crm_demo_shop_bot', new Date(now).toISOString());
  const { id: botId } = await insertBot(db, {
    project_id: demo.projectId,
    bot_user_id: 'demo-crm_demo_shop_bot',
    username: 'crm_demo_shop_bot',
    name: 'Демо-магазин',
    token_sealed: '',
    webhook_secret: '',
    mode: 'off',
    user_id: bot.id,
    category_id: clients[0]!.category_id,
    manager_rule: 'rotation',
    manager_id: null,
    rotation_last: null,
    connected_by: demo.users.admin.id,
    connected_at: new Date(now - 3 * 86_400_000).toISOString(),
    updates_locked_by: null,
    updates_locked_until: null,
  });
  const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
  type Line = { in?: string; out?: string; by?: 'bot' | 'manager'; failed?: string; at: number; file?: { name: string; mime: string; body: string } };
  const stories: Line[][] = [
    [
      { in: 'Здравствуйте! Есть ли доставка в Казань?', at: 180 },
      { out: GREETING, by: 'bot', at: 180 },
      { out: 'Добрый день! Да, доставляем за 2 дня, 500 ₽.', by: 'manager', at: 170 },
      { out: 'Файл «Условия доставки.txt»: Подробнее об оплате и сроках', by: 'manager', at: 169, file: { name: 'Условия доставки.txt', mime: 'text/plain; charset=utf-8', body: DELIVERY_TERMS } },
      { in: 'Отлично, тогда оформляю заказ', at: 12 },
    ],
    [
      { in: 'Подскажите, сколько стоит установка?', at: 1500 },
      { out: GREETING, by: 'bot', at: 1500 },
      { out: 'Установка — 3 000 ₽, мастер приедет в удобный день.', by: 'manager', at: 1450, failed: 'Клиент заблокировал бота' },
    ],
    [
      { in: 'Добрый вечер', at: 4000 },
      { out: GREETING, by: 'bot', at: 4000 },
      { in: 'Номер телефона: +79001234567', at: 3990 },
      { out: 'Спасибо! Номер получен.', by: 'bot', at: 3990 },
      { out: 'Здравствуйте! Перезвоню вам завтра утром.', by: 'manager', at: 3900 },
    ],
  ];
  // Oldest conversation first: the inbox lists by arrival.
  for (const [index, client] of [...clients.entries()].reverse()) {
    const userId = String(900_000_001 + index);
    const { id: chatId } = await db
      .insertInto('telegram_chats')
      .values({ project_id: demo.projectId, bot_id: botId, client_id: client.id, telegram_user_id: userId, chat_id: userId, username: null, created_at: minutesAgo(stories[index]![0]!.at) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const line of stories[index]!) {
      const id = await insertClientMessage(db, {
        project_id: demo.projectId,
        client_id: client.id,
        chat_id: chatId,
        direction: line.in ? 'in' : 'out',
        kind: line.file ? 'document' : line.in?.startsWith('Номер телефона') ? 'contact' : 'text',
        text: line.in ?? line.out!,
        telegram_message_id: null,
        created_at: minutesAgo(line.at),
        status: line.in ? 'received' : 'sending',
        author_id: line.by === 'bot' ? bot.id : line.by === 'manager' ? demo.users.manager.id : null,
        next_attempt_at: null,
        caption: line.file ? line.out!.slice(line.out!.indexOf(': ') + 2) : null,
      });
      if (line.file) {
        // An answer with a file, kept in the file store as one a manager sent.
        const bytes = Buffer.from(`\uFEFF${line.file.body}`, 'utf8');
        const key = `${demo.projectId}/demo-${id}.txt`;
        await files.put(key, { bytes }, line.file.mime);
        await insertFile(db, { message_id: id, project_id: demo.projectId, telegram_file_id: '', name: line.file.name, mime: line.file.mime, size: bytes.length, status: 'stored' }, minutesAgo(line.at), key);
      }
      if (line.out) {
        await db
          .updateTable('client_messages')
          .set(line.failed ? { status: 'failed', error: line.failed } : { status: 'sent' })
          .where('id', '=', id)
          .execute();
      }
    }
    // The manager has read all but the newest client message of the first conversation.
    const written = stories[index]!.filter((l) => l.in).length;
    await db.insertInto('client_thread_reads').values({ client_id: client.id, user_id: demo.users.manager.id, read_count: index === 0 ? written - 1 : written }).execute();
  }
}
