import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';
import type { Clock } from '../lib/clock.js';

export type Email = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { send: (email: Email) => Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in OUTBOX_DIR and its
 * link is logged, so a person running the product locally can still verify an account.
 */
export function createMailer(
  config: AppConfig,
  {
    log,
    clock,
    printLinks = false,
  }: {
    log: Pick<FastifyBaseLogger, 'info' | 'error'>;
    /** Names the outbox files by time. */
    clock: Clock;
    /** Also print each outbox link on the console, for a person running the product locally. */
    printLinks?: boolean;
  },
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (email) => {
        await transport.sendMail({ from: config.mailFrom, to: email.to, subject: email.subject, text: email.text, html: email.html });
      },
    };
  }

  const outbox = resolve(config.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (email) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...email });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${clock.now().toISOString().replace(/[:.]/g, '-')}-${email.to}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: email.to, file, link: email.link }, `Email "${email.subject}" written to the outbox`);
      if (printLinks && email.link) console.log(`Письмо для ${email.to}: ${email.subject}\n  ${email.link}`);
    },
  };
}
