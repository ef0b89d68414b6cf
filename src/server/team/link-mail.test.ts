import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log/logger.ts';
import { captureLogs, capturedLogger } from '../testing/logged-lines.ts';
import { linkMailer } from './link-mail.ts';

const MAIL = {
  to: 'kim@example.com',
  name: 'Kim <Berg>',
  kind: 'invite' as const,
  url: 'https://dashboard.example.com/join#abc',
  expiresAt: new Date('2026-12-05T10:00:00Z'),
  invitedBy: 'Morgan Lee',
};

describe('mailed links', () => {
  it('mails the link from the configured sender, the name escaped in the HTML', async () => {
    const transport = createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const send = transport.sendMail.bind(transport);
    transport.sendMail = async (message: Parameters<typeof send>[0]) => {
      const info = await send(message);
      sent.push((info as unknown as { message: string }).message);
      return info;
    };
    const mail = linkMailer(
      { url: 'smtp://unused', from: undefined, publicOrigin: 'https://dashboard.example.com' },
      capturedLogger(),
      transport,
    );
    expect(await mail(MAIL)).toBe(true);
    const message = JSON.parse(sent[0]!) as {
      from: { address: string };
      subject: string;
      text: string;
      html: string;
    };
    expect(message.from.address).toBe('dashboard@dashboard.example.com');
    expect(message.subject).toBe('Morgan Lee invited you to the sales assistant dashboard');
    expect(message.text).toContain(MAIL.url);
    expect(message.html).toContain('Kim &lt;Berg&gt;');
  });

  it('answers false and logs when the mail server refuses; nothing is thrown', async () => {
    const logs = captureLogs();
    const mail = linkMailer(
      { url: 'smtp://127.0.0.1:9', from: 'team@example.com', publicOrigin: 'https://dashboard.example.com' },
      createLogger('info', logs),
    );
    expect(await mail(MAIL)).toBe(false);
    expect(logs.lines.join('\n')).toContain('team.link_mail_failed');
  });
});
