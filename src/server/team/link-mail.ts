import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from '../log/logger.ts';

/** A one-time link to mail: to whom, which kind, the address and its end. */
export interface LinkMail {
  to: string;
  name: string;
  kind: 'invite' | 'reset';
  url: string;
  expiresAt: Date;
  invitedBy: string;
}

/** Mails a link; answers whether the mail server took it (a failure is logged, the owner still has the link). */
export type SendLinkMail = (mail: LinkMail) => Promise<boolean>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The mail's subject, text and HTML: one template for both kinds of link. */
export function linkMailContent(mail: LinkMail) {
  const until = mail.expiresAt.toUTCString();
  const [subject, opening, action] =
    mail.kind === 'invite'
      ? [
          `${mail.invitedBy} invited you to the sales assistant dashboard`,
          `${mail.invitedBy} invited you to the store's sales assistant dashboard.`,
          'Open this link to choose your password and sign in',
        ]
      : [
          'Set a new password for the sales assistant dashboard',
          `${mail.invitedBy} made you a link to set a new password for the store's sales assistant dashboard.`,
          'Open this link to set your new password',
        ];
  const text = `Hello ${mail.name},\n\n${opening}\n${action} (it works once, until ${until}):\n\n${mail.url}\n\nIf you did not expect this, ignore this mail.\n`;
  const html =
    `<p>Hello ${escapeHtml(mail.name)},</p><p>${escapeHtml(opening)}</p>` +
    `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(action)}</a> (it works once, until ${escapeHtml(until)}).</p>` +
    '<p>If you did not expect this, ignore this mail.</p>';
  return { subject, text, html };
}

/**
 * Links mailed through nodemailer to the server at `SMTP_URL`. `transport` replaces it (tests). Sending
 * waits at most 10 s: the owner's answer does not hang on a slow mail server.
 */
export function linkMailer(
  options: { url: string; from: string | undefined; publicOrigin: string },
  logger: Logger,
  transport?: Transporter,
): SendLinkMail {
  const transporter =
    transport ?? createTransport({ url: options.url, connectionTimeout: 10_000, socketTimeout: 10_000 });
  const from = options.from ?? `dashboard@${new URL(options.publicOrigin).hostname}`;
  return async (mail) => {
    try {
      await transporter.sendMail({ from, to: mail.to, ...linkMailContent(mail) });
      logger.info({ event: 'team.link_mailed', kind: mail.kind, to: mail.to }, 'link mailed');
      return true;
    } catch (error) {
      logger.warn(
        {
          event: 'team.link_mail_failed',
          kind: mail.kind,
          to: mail.to,
          err_message: (error as Error).message,
        },
        'mailing a link failed; the owner still has it to copy',
      );
      return false;
    }
  };
}
