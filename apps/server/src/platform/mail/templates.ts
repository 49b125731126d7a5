import type { MailMessage } from './mailer.ts';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; href: string },
  footer?: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#c2410c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57534e">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.href)}">${escapeHtml(action.href)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#faf7f2;padding:24px;color:#1c1917"><div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}${footer ?? ''}<p style="margin:24px 0 0;font-size:12px;color:#78716c">Townsquare — connect with your local community.</p></div></body></html>`;
}

export function verifyEmailMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    'Welcome to Townsquare! Please confirm your email address so we know it is really you.',
    'This link is valid for 48 hours. If you did not create an account, you can ignore this email.',
  ];
  return {
    to,
    subject: 'Confirm your email address',
    text: `${lines.join('\n\n')}\n\nConfirm your email: ${link}\n\n— Townsquare`,
    html: layout('Confirm your email address', lines, { label: 'Confirm email', href: link }),
    link,
  };
}

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your Townsquare account. If it was you, choose a new password with the link below.',
    'The link is valid for 60 minutes and works once. If you did not ask for this, ignore this email: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your Townsquare password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n\n— Townsquare`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', href: link }),
    link,
  };
}

export function passwordChangedMail(to: string, name: string, when: Date, resetLink: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    `The password of your Townsquare account was changed on ${when.toUTCString()}. Every other session has been signed out.`,
    'If this was not you, reset your password right away with the link below.',
  ];
  return {
    to,
    subject: 'Your Townsquare password was changed',
    text: `${lines.join('\n\n')}\n\nReset your password: ${resetLink}\n\n— Townsquare`,
    html: layout('Your password was changed', lines, { label: 'Reset my password', href: resetLink }),
  };
}

export function confirmNewEmailMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    'You asked to use this address for your Townsquare account. Confirm it with the link below; until then your account keeps its current address.',
    'This link is valid for 48 hours. If you did not ask for this, you can ignore this email.',
  ];
  return {
    to,
    subject: 'Confirm your new email address',
    text: `${lines.join('\n\n')}\n\nConfirm your new email: ${link}\n\n— Townsquare`,
    html: layout('Confirm your new email address', lines, { label: 'Confirm new email', href: link }),
    link,
  };
}

/** To the old address: the change is not yet done, so its owner can still stop it. */
export function emailChangingMail(
  to: string,
  name: string,
  newAddress: string,
  resetLink: string,
): MailMessage {
  const lines = [
    `Hi ${name},`,
    `Someone signed in to your Townsquare account asked to change its email address to ${newAddress}. The change takes effect only when that address is confirmed.`,
    'If this was not you, reset your password right away with the link below: that also keeps this address on your account.',
  ];
  return {
    to,
    subject: 'Your Townsquare email address is changing',
    text: `${lines.join('\n\n')}\n\nReset your password: ${resetLink}\n\n— Townsquare`,
    html: layout('Your email address is changing', lines, { label: 'Reset my password', href: resetLink }),
  };
}

/**
 * A notification by e-mail: what happened and a link to it, and a footer that says why it came,
 * with a one-click link that turns off this kind (RFC 8058 headers) and the settings page.
 */
export function notificationMail(input: {
  to: string;
  name: string;
  text: string;
  link: string;
  why: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}): MailMessage {
  const lines = [`Hi ${input.name},`, input.text];
  const footerText = `You get this e-mail because ${input.why} are on in your Townsquare settings.`;
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(footerText)} <a href="${escapeHtml(input.unsubscribeUrl)}">Turn these e-mails off</a> · <a href="${escapeHtml(input.settingsUrl)}">All notification settings</a></p>`;
  return {
    to: input.to,
    subject: input.text.length > 120 ? `${input.text.slice(0, 117)}...` : input.text,
    text: `${lines.join('\n\n')}\n\nOpen: ${input.link}\n\n-- \n${footerText}\nTurn these e-mails off: ${input.unsubscribeUrl}\nAll notification settings: ${input.settingsUrl}\n`,
    html: layout(
      input.text,
      lines.slice(0, 1).concat(lines.slice(1)),
      { label: 'Open Townsquare', href: input.link },
      footer,
    ),
    link: input.link,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * An e-mail to someone who answered an event without an account (decision 040): one link to
 * act on, and a footer with the "never e-mail me again" link (one click, RFC 8058 headers).
 */
export function guestMail(input: {
  to: string;
  name: string;
  subject: string;
  lines: string[];
  action: { label: string; href: string };
  neverUrl: string;
}): MailMessage {
  const lines = [`Hi ${input.name},`, ...input.lines];
  const footerText = 'You get this e-mail because this address was given to answer an event on Townsquare.';
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#78716c">${escapeHtml(footerText)} <a href="${escapeHtml(input.neverUrl)}">Never e-mail me again</a></p>`;
  return {
    to: input.to,
    subject: input.subject,
    text: `${lines.join('\n\n')}\n\n${input.action.label}: ${input.action.href}\n\n-- \n${footerText}\nNever e-mail me again: ${input.neverUrl}\n`,
    html: layout(input.subject, lines, input.action, footer),
    link: input.action.href,
    headers: {
      'List-Unsubscribe': `<${input.neverUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
