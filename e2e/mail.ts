import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, workerPort } from './test';

/** Where this worker's server keeps the mail it sent (e2e/start-server.ts). */
const mailDir = () =>
  fileURLToPath(new URL(`./.data/${workerPort(test.info().parallelIndex)}/mail/`, import.meta.url));

export type Mail = { to: string[]; subject: string; text: string; html: string };

/** The newest email to `to` with that subject, as the e2e SMTP server received it (waits for it). */
export async function readMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const dir = mailDir();
        const files = readdirSync(dir).sort().reverse();
        found = files
          .map((f) => JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as Mail)
          .find((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
        return found !== undefined;
      },
      { message: `email "${subject}" to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the email that starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link ${prefix} in: ${mail.text}`);
  return match[0];
}
