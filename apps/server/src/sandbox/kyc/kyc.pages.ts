/**
 * KYC Sandbox's hosted verification page: plain server-rendered HTML, no script (the CSP forbids
 * it), every value escaped, English and French, a look of its own (a third party's page, ADR 026).
 */
import type { SubmitProblem } from './kyc.service.ts';

export type PageLang = 'en' | 'fr';
export type PageState = 'form' | 'retry' | 'pending' | 'verified' | 'rejected';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const TEXT = {
  en: {
    title: 'Identity verification',
    banner: 'SANDBOX — test verification, no real documents needed',
    intro:
      'Upload a photo of your identity document and a selfie. Images only (JPEG, PNG or WebP), 5 MB at most each.',
    retry: 'Your previous photos could not be accepted. Please upload them again.',
    document: 'Identity document (passport, ID card or driving licence)',
    selfie: 'Selfie holding the document',
    submit: 'Send for review',
    pending: 'Thank you. Your documents are being reviewed; you can close this page.',
    verified: 'Your identity is verified. You can close this page.',
    rejected: 'Your verification was declined. Please contact support.',
    expired: 'This verification link has expired. Start again from the site.',
    closed: 'This verification cannot take new documents right now.',
    missing: 'Choose a file.',
    too_large: 'The file is larger than 5 MB.',
    not_image: 'The file is not a JPEG, PNG or WebP image.',
    hint: 'Sandbox: a document file name containing “red-retry” or “red-final” chooses that review outcome; any other name is approved.',
    other: 'Français',
    error: 'Something went wrong. Please try again in a moment.',
    back: 'Back to the site',
  },
  fr: {
    title: 'Vérification d’identité',
    banner: 'SANDBOX — vérification de test, aucun vrai document nécessaire',
    intro:
      'Envoyez une photo de votre pièce d’identité et un selfie. Images uniquement (JPEG, PNG ou WebP), 5 Mo au plus chacune.',
    retry: 'Vos photos précédentes n’ont pas pu être acceptées. Veuillez les envoyer à nouveau.',
    document: 'Pièce d’identité (passeport, carte d’identité ou permis de conduire)',
    selfie: 'Selfie avec la pièce d’identité',
    submit: 'Envoyer pour vérification',
    pending: 'Merci. Vos documents sont en cours de vérification ; vous pouvez fermer cette page.',
    verified: 'Votre identité est vérifiée. Vous pouvez fermer cette page.',
    rejected: 'Votre vérification a été refusée. Veuillez contacter le support.',
    expired: 'Ce lien de vérification a expiré. Recommencez depuis le site.',
    closed: 'Cette vérification ne peut pas recevoir de nouveaux documents pour le moment.',
    missing: 'Choisissez un fichier.',
    too_large: 'Le fichier dépasse 5 Mo.',
    not_image: 'Le fichier n’est pas une image JPEG, PNG ou WebP.',
    hint: 'Sandbox : un nom de fichier de document contenant « red-retry » ou « red-final » choisit ce résultat ; tout autre nom est approuvé.',
    other: 'English',
    error: 'Une erreur est survenue. Veuillez réessayer dans un instant.',
    back: 'Retour au site',
  },
} as const;

const STYLE = `*{box-sizing:border-box}body{margin:0;background:#f4f6f9;color:#17202e;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.banner{background:#0b8a6a;color:#fff;text-align:center;font-weight:600;font-size:13px;padding:6px 12px}
.wrap{max-width:480px;margin:24px auto;padding:0 16px}.top{display:flex;align-items:center;gap:10px;margin-bottom:16px}
.logo{width:32px;height:32px;border-radius:50%;background:#0b8a6a;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
.top a{margin-left:auto;color:#0b6b53;font-size:14px}
.card{background:#fff;border:1px solid #e1e6ee;border-radius:14px;padding:20px;box-shadow:0 4px 16px rgba(0,0,0,.05)}
h1{font-size:20px;margin:0 0 8px}label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}
input[type=file]{width:100%;font:inherit;padding:10px;border:1px dashed #9aa7b8;border-radius:10px;background:#fafbfd}
.error{color:#b42318;font-size:13px;margin:4px 0 0}.notice{background:#fff4e5;color:#7a4100;border-radius:10px;padding:10px 12px}
.ok{background:#e8f7f1;color:#0b5c48;border-radius:10px;padding:10px 12px}.bad{background:#fdecec;color:#8c1d1d;border-radius:10px;padding:10px 12px}
button{display:block;width:100%;margin-top:20px;padding:14px;font:inherit;font-weight:600;border:0;border-radius:10px;background:#0b8a6a;color:#fff;cursor:pointer}
.muted{color:#5d6878;font-size:13px;margin-top:16px}
.back{display:block;margin-top:20px;padding:14px;text-align:center;font-weight:600;border-radius:10px;background:#0b8a6a;color:#fff;text-decoration:none}`;

function layout(lang: PageLang, otherHref: string | null, body: string): string {
  const t = TEXT[lang];
  const switcher = otherHref
    ? `<a href="${escapeHtml(otherHref)}" lang="${lang === 'en' ? 'fr' : 'en'}">${t.other}</a>`
    : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t.title} — KYC Sandbox</title><style>${STYLE}</style></head><body><div class="banner">${t.banner}</div><main class="wrap"><div class="top"><span class="logo" aria-hidden="true">K</span><strong>KYC Sandbox</strong>${switcher}</div><div class="card"><h1>${t.title}</h1>${body}</div></main></body></html>`;
}

export interface VerificationPageInput {
  lang: PageLang;
  state: PageState;
  action: string;
  otherHref: string;
  /** The site's page to go back to (a link once documents are sent). */
  returnUrl?: string;
  problem?: { problem: SubmitProblem; field?: 'document' | 'selfie' };
}

export function verificationPage(input: VerificationPageInput): string {
  const t = TEXT[input.lang];
  const { state, problem } = input;
  const back = input.returnUrl ? `<a class="back" href="${escapeHtml(input.returnUrl)}">${t.back}</a>` : '';
  const done = (kind: string, text: string) =>
    layout(input.lang, input.otherHref, `<p class="${kind}" role="status">${text}</p>${back}`);
  if (state === 'pending') return done('notice', t.pending);
  if (state === 'verified') return done('ok', t.verified);
  if (state === 'rejected') return done('bad', t.rejected);
  const fieldError = (field: 'document' | 'selfie') =>
    problem?.field === field &&
    (problem.problem === 'missing' || problem.problem === 'too_large' || problem.problem === 'not_image')
      ? `<p class="error" id="${field}-error">${t[problem.problem]}</p>`
      : '';
  const invalid = (field: 'document' | 'selfie') =>
    problem?.field === field ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  return layout(
    input.lang,
    input.otherHref,
    `${state === 'retry' ? `<p class="bad" role="alert">${t.retry}</p>` : ''}<p>${t.intro}</p>
<form method="post" action="${escapeHtml(input.action)}" enctype="multipart/form-data">
<label for="document">${t.document}</label><input id="document" name="document" type="file" accept="image/jpeg,image/png,image/webp" required${invalid('document')}>${fieldError('document')}
<label for="selfie">${t.selfie}</label><input id="selfie" name="selfie" type="file" accept="image/jpeg,image/png,image/webp" capture="user" required${invalid('selfie')}>${fieldError('selfie')}
<button type="submit">${t.submit}</button></form><p class="muted">${t.hint}</p>`,
  );
}

export function messagePage(lang: PageLang, key: 'expired' | 'closed' | 'error'): string {
  return layout(lang, null, `<p class="bad" role="alert">${TEXT[lang][key]}</p>`);
}
