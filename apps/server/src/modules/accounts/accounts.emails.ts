/**
 * Texts of the account's emails and SMS in English and French (the player's locale). Marketing-type
 * mail carries the one-click unsubscribe link in its footer; transactional mail (codes, reset
 * links) does not, since a player cannot opt out of what they just asked for.
 */
import type { Locale } from '@croupier/contract/locales';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const SITE = 'Croupier';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function layout(paragraphs: string[], action?: { href: string; label: string }, footer?: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}" style="background:#f5b301;color:#111;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  const foot = footer ? `<hr><p style="color:#777;font-size:12px">${footer}</p>` : '';
  return `<!doctype html><html><body style="font-family:sans-serif">${body}\n${button}${foot}</body></html>`;
}

export function contactCodeEmail(locale: Locale, code: string, link: string): MailContent {
  if (locale === 'fr') {
    const lines = [
      `Votre code de confirmation ${SITE} : ${code}`,
      'Il est valable 10 minutes. Si vous n’avez rien demandé, ignorez ce message.',
    ];
    return {
      subject: `${SITE} : votre code de confirmation`,
      text: `${lines.join('\n\n')}\n\nConfirmer : ${link}`,
      html: layout(lines, { href: link, label: 'Confirmer mon adresse' }),
    };
  }
  const lines = [
    `Your ${SITE} confirmation code: ${code}`,
    'It is valid for 10 minutes. If you did not ask for it, ignore this message.',
  ];
  return {
    subject: `${SITE}: your confirmation code`,
    text: `${lines.join('\n\n')}\n\nConfirm: ${link}`,
    html: layout(lines, { href: link, label: 'Confirm my address' }),
  };
}

export function contactCodeSms(locale: Locale, code: string): string {
  return locale === 'fr'
    ? `${SITE} : votre code de confirmation est ${code}. Valable 10 minutes.`
    : `${SITE}: your confirmation code is ${code}. Valid for 10 minutes.`;
}

export function passwordResetEmail(locale: Locale, link: string): MailContent {
  if (locale === 'fr') {
    const lines = [
      'Vous avez demandé à réinitialiser votre mot de passe.',
      'Ce lien est valable une heure et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.',
    ];
    return {
      subject: `${SITE} : réinitialisation du mot de passe`,
      text: `${lines.join('\n\n')}\n\n${link}`,
      html: layout(lines, { href: link, label: 'Choisir un nouveau mot de passe' }),
    };
  }
  const lines = [
    'You asked to reset your password.',
    'This link is valid for one hour and works once. If you did not ask for it, ignore this message: your password stays the same.',
  ];
  return {
    subject: `${SITE}: reset your password`,
    text: `${lines.join('\n\n')}\n\n${link}`,
    html: layout(lines, { href: link, label: 'Choose a new password' }),
  };
}

/** Sent to a player who ticked "notify" at sign-up: news mail, so it carries the unsubscribe link. */
export function welcomeEmail(locale: Locale, homeLink: string, unsubscribeLink: string): MailContent {
  if (locale === 'fr') {
    const lines = [`Bienvenue sur ${SITE} !`, 'Vous recevrez nos actualités et nos offres à cette adresse.'];
    return {
      subject: `Bienvenue sur ${SITE}`,
      text: `${lines.join('\n\n')}\n\n${homeLink}\n\n--\nSe désinscrire : ${unsubscribeLink}`,
      html: layout(
        lines,
        { href: homeLink, label: 'Jouer maintenant' },
        `Vous recevez ce message car vous avez accepté nos actualités. <a href="${escapeHtml(unsubscribeLink)}">Se désinscrire</a>`,
      ),
    };
  }
  const lines = [`Welcome to ${SITE}!`, 'You will get our news and offers at this address.'];
  return {
    subject: `Welcome to ${SITE}`,
    text: `${lines.join('\n\n')}\n\n${homeLink}\n\n--\nUnsubscribe: ${unsubscribeLink}`,
    html: layout(
      lines,
      { href: homeLink, label: 'Play now' },
      `You get this message because you agreed to receive our news. <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a>`,
    ),
  };
}
