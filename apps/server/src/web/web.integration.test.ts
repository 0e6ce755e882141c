/**
 * The mounted web app on the real server and database (requires `npm run build`): server
 * rendering, locales, guards, redirects, SEO head tags, custom code with the CSP nonce and caching.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ web: 'production' });
});

afterAll(async () => {
  await harness?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return harness.app.inject({ method: 'GET', url, headers });
}

function headerText(value: string | string[] | number | undefined): string {
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

describe('server rendering and locales', () => {
  test('GET / renders the English home page', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/^<!DOCTYPE html>/i);
    expect(response.body).toContain('<html lang="en-US"');
    expect(response.body).toContain('Sign in');
    expect(response.body).toContain('<h1');
  });

  test('GET /fr renders the French home page', async () => {
    const response = await get('/fr');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr-FR"');
    expect(response.body).toContain('Se connecter');
    expect(response.body).not.toContain('>Sign in<');
  });

  test("a game page's document speaks the game's language, not the unprefixed path's", async () => {
    // The game server's page has one URL for every language; its document, the root's live regions
    // included, is in the launch's `?lang=` from the first byte (features/rgs/rgs-paths.ts).
    const french = await get('/rgs/play/neon-reels?session=s&lang=fr');
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr-FR"');
    const english = await get('/rgs/play/neon-reels?session=s&lang=de');
    expect(english.body).toContain('<html lang="en-US"');
  });

  test('HEAD / answers without a body', async () => {
    const response = await harness.app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  test('a content page renders from the content service', async () => {
    const response = await get('/about');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('About Croupier');
    const french = await get('/fr/about');
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('À propos de Croupier');
  });

  test('an unknown path is a 404 page naming the path', async () => {
    const response = await get('/no-such-page/at-all');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page Not Found');
    expect(response.body).toContain('/no-such-page/at-all');
    const slug = await get('/no-such-slug');
    expect(slug.statusCode).toBe(404);
    expect(slug.body).toContain('/no-such-slug');
  });

  test('a French unknown path is a French 404', async () => {
    const response = await get('/fr/nulle-part/ici');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<html lang="fr-FR"');
    expect(response.body).toContain('/fr/nulle-part/ici');
  });

  test('a wrong locale prefix is corrected', async () => {
    const english = await get('/en/about?x=1');
    expect(english.statusCode).toBe(301);
    expect(english.headers.location).toBe('/about?x=1');
    const upper = await get('/FR/about');
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe('/fr/about');
  });

  test('the saved locale cookie or Accept-Language sends unprefixed URLs to /fr', async () => {
    const byCookie = await get('/', { cookie: 'i18n_locale=fr' });
    expect(byCookie.statusCode).toBe(302);
    expect(byCookie.headers.location).toBe('/fr');
    const byBrowser = await get('/about?ref=1', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(byBrowser.statusCode).toBe(302);
    expect(byBrowser.headers.location).toBe('/fr/about?ref=1');
    // The cookie outranks the browser: an explicit English choice stays English.
    const chosen = await get('/', { cookie: 'i18n_locale=en', 'accept-language': 'fr' });
    expect(chosen.statusCode).toBe(200);
    // A prefixed URL is never redirected.
    const prefixed = await get('/fr', { cookie: 'i18n_locale=en' });
    expect(prefixed.statusCode).toBe(200);
  });
});

describe('guards and redirects', () => {
  test('a guest is sent home with redirectUrl from player-only paths', async () => {
    const profile = await get('/profile/settings');
    expect(profile.statusCode).toBe(302);
    expect(profile.headers.location).toBe('/?redirectUrl=%2Fprofile%2Fsettings');
    const cashier = await get('/fr/cashier');
    expect(cashier.statusCode).toBe(302);
    expect(cashier.headers.location).toBe('/fr?redirectUrl=%2Ffr%2Fcashier');
    const withQuery = await get('/cashier/paysuccess/42?x=1');
    expect(withQuery.headers.location).toBe('/?redirectUrl=%2Fcashier%2Fpaysuccess%2F42%3Fx%3D1');
    const bets = await get('/bets/live/1');
    expect(bets.statusCode).toBe(302);
  });

  test('a player reaches the payment result pages', async () => {
    const player = await harness.createPlayer();
    const response = await get('/cashier/paysuccess/tx-123', { cookie: player.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-system-page="paySuccess"');
    expect(response.body).toContain('href="/gamehall"');
    expect(response.body).toContain('tx-123');
    const pending = await get('/fr/cashier/paypending', { cookie: player.cookie });
    expect(pending.statusCode).toBe(200);
    expect(pending.body).toContain('data-system-page="payPending"');
    expect(pending.body).toContain('role="status"');
  });

  test('a banned player gets the user-blocked page with HTTP 403', async () => {
    const player = await harness.createPlayer();
    await harness.database.db.execute(sql`UPDATE players SET status = 'banned' WHERE id = ${player.id}`);
    const response = await get('/', { cookie: player.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('data-system-page="userBlocked"');
    // Its button leads to support, whose page exists (the error payload carries the sections).
    const page = /<section[^>]*data-system-page="userBlocked"[\s\S]*?<\/section>/.exec(response.body)?.[0];
    expect(page).toContain('href="/support"');
  });

  test('redirect table: internal targets keep the locale, external ones leave the site', async () => {
    const internal = await get('/old-promotions');
    expect(internal.statusCode).toBe(301);
    expect(internal.headers.location).toBe('/promotions');
    const french = await get('/fr/old-promotions');
    expect(french.statusCode).toBe(301);
    expect(french.headers.location).toBe('/fr/promotions');
    const wildcard = await get('/blog/2024/hello');
    expect(wildcard.statusCode).toBe(302);
    expect(wildcard.headers.location).toBe('/about');
    const external = await get('/partners');
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toBe('https://example.org/partners');
  });
});

describe('SEO', () => {
  test('robots-disallowed pages carry noindex, follow', async () => {
    const response = await get('/private-offer');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta name="robots" content="noindex, follow"/>');
    const about = await get('/about');
    expect(about.body).not.toContain('<meta name="robots"');
  });

  test('canonical and hreflang alternates', async () => {
    const response = await get('/fr/about/');
    const body = response.body;
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1];
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/fr\/about$/);
    const origin = (canonical ?? '').replace(/\/fr\/about$/, '');
    expect(body).toContain(`<link rel="alternate" hrefLang="en" href="${origin}/about"/>`);
    expect(body).toContain(`<link rel="alternate" hrefLang="fr" href="${origin}/fr/about"/>`);
    expect(body).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}/about"/>`);
    expect(body).toContain('<title>');
  });

  test('JSON-LD Organization and Product are rendered, escaped', async () => {
    const response = await get('/');
    const scripts = [
      ...response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? 'null') as { '@type': string });
    const types = scripts.map((script) => script['@type']);
    expect(types).toContain('Organization');
    expect(types).toContain('Product');
  });

  test('the FAQ page carries FAQPage JSON-LD from its SEO record', async () => {
    const response = await get('/faq');
    expect(response.statusCode).toBe(200);
    const documents = [
      ...response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? 'null') as { '@type': string; mainEntity?: unknown[] });
    const faq = documents.find((document) => document['@type'] === 'FAQPage');
    expect(faq?.mainEntity?.length).toBeGreaterThan(0);
  });

  test('custom code is injected with the CSP nonce; the CSP header is present', async () => {
    const response = await get('/');
    const csp = headerText(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' [^;]*'nonce-/);
    // The messenger mini-app script (loaded on demand inside Telegram) is the one outside host.
    expect(csp).toMatch(/script-src 'self' https:\/\/telegram\.org 'nonce-/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain('<meta name="croupier-custom" content="1">');
    expect(response.body).toContain(`<script nonce="${nonce}">window.__croupierCustomCode = true;</script>`);
    // Disabled entries stay out.
    expect(response.body).not.toContain('chat.example.org');
    // React Router's own inline scripts carry the same nonce.
    expect(response.body).toContain(`nonce="${nonce}"`);
    // The page's chunks are preloaded at low priority, behind what the first paint needs (ADR 060).
    const preloads = head.match(/<link\b[^>]*\brel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(2);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});

describe('static files', () => {
  test('hashed assets are cached for a year, immutable', async () => {
    const home = await get('/');
    const asset = /(\/assets\/[\w.-]+\.(?:js|css))/.exec(home.body)?.[1];
    expect(asset).toBeTruthy();
    const response = await get(asset ?? '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a missing asset is a plain 404, not a page', async () => {
    const response = await get('/assets/gone-abc123.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  test('pages are not cached by shared caches', async () => {
    const response = await get('/about');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('maintenance', () => {
  test('domain_state maintenance renders the maintenance page with 503', async () => {
    const closed = await createTestApp({ web: 'production', env: { DOMAIN_STATE: 'maintenance' } });
    try {
      const response = await closed.app.inject({ method: 'GET', url: '/about' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('data-system-page="maintenance"');
      // Empty layout: no site navigation.
      expect(response.body).not.toContain('data-testid="side-menu-button"');
    } finally {
      await closed.close();
    }
  });
});
