import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server inside the test: the app sends through SMTP_URL, the test reads what
 * arrives. `onMessage` also hands each message on (the browser tests save them as files).
 */
export async function startMailbox(onMessage?: (mail: ParsedMail) => void) {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          onMessage?.(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** The newest message to `to`, with that subject if given (waits up to 5 s for it to arrive). */
  async function lastTo(to: string, subject?: string): Promise<ParsedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = [...messages]
        .reverse()
        .find((m) => m.to && JSON.stringify(m.to).includes(to) && (!subject || m.subject === subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no email to ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  const countTo = (to: string) => messages.filter((m) => JSON.stringify(m.to).includes(to)).length;

  /** The first link in the message's text that starts with `prefix`. */
  const linkIn = (mail: ParsedMail, prefix: string) => {
    const match = (mail.text ?? '').match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
    if (!match) throw new Error(`no link ${prefix} in: ${mail.text}`);
    return match[0];
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    lastTo,
    countTo,
    linkIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
