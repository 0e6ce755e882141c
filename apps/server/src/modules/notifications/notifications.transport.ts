/**
 * How a claimed message leaves: SMTP through nodemailer when SMTP_URL is set, else the development
 * mailbox (the message is already stored; delivering it there only marks it sent). SMS has no
 * provider yet, so it always goes to the mailbox.
 */
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface EmailTransport {
  readonly name: 'smtp' | 'mailbox';
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(
    {
      url,
      // A stuck server must not hold a sender's lease for long.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

export const mailboxTransport: EmailTransport = {
  name: 'mailbox',
  async send() {},
  close() {},
};
