import { MODERATION_MSG, type ReportAction } from '@townsquare/contracts';
import type { Background } from '../../platform/background.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/**
 * Tells a reporter what came of their report. Until the notifications module (issue 12) lands,
 * this is an e-mail sent directly; the outcome is also on `GET /api/reports/mine`. The one call
 * site to re-route to `notify()` (COMMON.md).
 */
export function notifyReporter(
  deps: { mailer: Mailer; background: Background; publicUrl: string },
  reporter: { email: string; fullName: string },
  action: ReportAction,
): void {
  const outcome = MODERATION_MSG.outcome[action];
  const lines = [
    `Hi ${reporter.fullName},`,
    'Thank you for your report. A moderator has looked at it.',
    `${outcome}.`,
  ];
  const link = `${deps.publicUrl}/settings`;
  deps.background.run('report outcome mail', () =>
    deps.mailer.send({
      to: reporter.email,
      subject: 'Your report was reviewed',
      text: `${lines.join('\n\n')}\n\nYour reports: ${link}\n\n— Townsquare`,
      html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines
        .map((l) => `<p>${l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
        .join('')}</body></html>`,
    }),
  );
}
