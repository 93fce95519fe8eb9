// The webhook bench's receiver, in a process of its own (forked by webhooks.ts), so its work does
// not share the server's event loop: tells its parent each arrival (id, epoch ms, signature ok).
import { startWebhookReceiver } from '../apps/server/src/test/test-webhook-receiver.js';

const receiver = await startWebhookReceiver();
receiver.otherwise({ slowMs: Number(process.env.RECEIVER_MS ?? 5) });
let told = 0;
const tell = () => {
  for (; told < receiver.received.length; told += 1) {
    const got = receiver.received[told]!;
    process.send!({ type: 'arrived', id: got.id, at: performance.timeOrigin + got.at, verified: got.verified });
  }
};
setInterval(tell, 5).unref();
process.on('message', (message: { type: string; secret?: string }) => {
  if (message.type === 'secret') receiver.useSecret(message.secret!);
  if (message.type === 'close') void receiver.close().then(() => process.exit(0));
});
process.send!({ type: 'ready', url: receiver.url });
