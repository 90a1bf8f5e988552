import { type DbHandle, outboxEmails } from '@fanstage/db';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (a contact form's sender); the From stays the site's own address. */
  replyTo?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * With SMTP_URL, mail goes out through nodemailer. Without it (development), mail is written
 * to the outbox table and admins read it at /admin/outbox.
 */
export function createMailer(options: { db: DbHandle; smtpUrl?: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      send: async (m) => {
        await transporter.sendMail({
          from: options.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          replyTo: m.replyTo,
        });
      },
    };
  }
  return {
    transport: 'outbox',
    send: async (m) => {
      await options.db.db
        .insert(outboxEmails)
        .values({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null });
    },
  };
}
