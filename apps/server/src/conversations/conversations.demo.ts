import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';
import { insertConversation, insertMessage, markReadUpTo } from './conversations.repository.js';

/** Two of the manager's questions: one answered and read, one waiting for the admins. */
const threads = [
  [
    ['manager', 'Клиент просит скидку 15% при оплате за год. Можно согласовать?', 26 * 60],
    ['admin', 'Можно 10%, больше — только с согласования директора.', 25 * 60],
    ['manager', 'Понял, предложу 10%. Спасибо!', 24 * 60],
  ],
  [['manager', 'Клиент хочет договор на ИП, а не на ООО. Мы так работаем?\nСрок — до пятницы.', 35]],
] as const;

export async function seedConversationsDemo({ db, clock }: AppDeps, demo: DemoContext) {
  const clients = await db
    .selectFrom('clients')
    .select('id')
    .where('project_id', '=', demo.projectId)
    .where('manager_id', '=', demo.users.manager.id)
    .orderBy('id')
    .limit(threads.length)
    .execute();
  const now = clock.now().getTime();
  for (const [i, thread] of threads.entries()) {
    const client = clients[i];
    if (!client) return;
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const { id } = await insertConversation(db, {
      project_id: demo.projectId,
      client_id: client.id,
      manager_id: demo.users.manager.id,
      created_at: at(thread[0][2]),
    });
    for (const [who, content, minutesAgo] of thread) {
      const author = demo.users[who].id;
      const messageId = await insertMessage(db, {
        conversation_id: id,
        author_id: author,
        from_admin: who === 'admin',
        content,
        created_at: at(minutesAgo),
      });
      await markReadUpTo(db, id, author, messageId);
      // The answered thread is read by both sides.
      if (thread.length > 1)
        await markReadUpTo(db, id, who === 'admin' ? demo.users.manager.id : demo.users.admin.id, messageId);
    }
  }
}
