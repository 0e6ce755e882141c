import { describe, expect, it } from 'vitest';
import { type OAuthPopupMessage, renderPopupPage } from './popup-page.ts';

function embedded(html: string): OAuthPopupMessage {
  const match = /<script type="application\/json" id="oauth-result">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match?.[1] ?? 'null') as OAuthPopupMessage;
}

const base: OAuthPopupMessage = {
  type: 'oauth',
  status: 'success',
  isNew: true,
  redirectUrl: '/profile',
  typeAuth: 'login',
};

describe('renderPopupPage', () => {
  it('embeds the message as inert JSON and runs only the nonce-bearing script', () => {
    const html = renderPopupPage({ locale: 'en', scriptNonce: 'n0nce', message: base });
    expect(embedded(html)).toEqual(base);
    expect(html).toContain('<script nonce="n0nce">');
    expect(html).toContain('window.opener.postMessage(result, window.location.origin)');
    expect(html).toContain('Signed in');
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('cannot be broken out of by the embedded values', () => {
    const html = renderPopupPage({
      locale: 'en',
      scriptNonce: 'n',
      message: { ...base, redirectUrl: '/x</script><script>alert(1)</script>\u2028' },
    });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(embedded(html).redirectUrl).toBe('/x</script><script>alert(1)</script>\u2028');
    expect(html).toContain('href="/x&lt;/script&gt;');
  });

  it('shows and sends failures in French', () => {
    const html = renderPopupPage({
      locale: 'fr',
      scriptNonce: 'n',
      message: { ...base, status: 'error', isNew: false, error: 'rate_limited' },
      errorKey: 'rate_limited',
      errorValues: { seconds: 30 },
    });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Échec de la connexion');
    expect(embedded(html).message).toBe('Trop de tentatives. Réessayez dans 30 s.');
    expect(embedded(html).error).toBe('rate_limited');
  });
});
