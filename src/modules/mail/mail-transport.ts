import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Absent for a plain-text mail. */
  html?: string;
  /** The same for every attempt of one mail, so a receiving system can tell a repeat. */
  messageId: string;
  attachments?: Array<{ filename: string; content: string | Buffer; contentType: string }>;
}

/**
 * Sends mail with nodemailer: over SMTP when `smtpUrl` is set (`smtp://user:pass@host:587`,
 * `smtps://…`), otherwise written as `.eml` files to `outboxDir` (so the demo shows what would be sent).
 */
export function createMailTransport(options: { smtpUrl: string | undefined; outboxDir: string }) {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return async (mail: OutgoingMail): Promise<void> => {
      await smtp.sendMail(mail);
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail: OutgoingMail): Promise<void> => {
    const info = await files.sendMail(mail);
    // Written without holding the event loop: a busy disk can take hundreds of milliseconds for one file.
    await mkdir(options.outboxDir, { recursive: true });
    const name = mail.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
    await writeFile(path.join(options.outboxDir, `${name}.eml`), info.message as Buffer);
  };
}

export type MailTransport = ReturnType<typeof createMailTransport>;
