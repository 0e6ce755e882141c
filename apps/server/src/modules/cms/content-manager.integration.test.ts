/**
 * The content manager (spec §7 wrappers, issue #18): content staff create, edit and delete pages,
 * SEO records, redirects and custom code with the payload wrapped in `data`; the site shows a change
 * at once (cached reads dropped); the sanitiser runs on the way in; bad input, unsafe targets and
 * stale versions are typed refusals that write nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, type TestStaff } from '../backoffice/staff-test-client.ts';

let h: TestApp;
let editor: TestStaff;
let support: TestStaff;

type Answer = {
  status: number;
  body: {
    data: Record<string, unknown> & { id: number; updated_at: string };
    error?: { details: { code: string; fields?: Record<string, string> } };
  };
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestStaff,
  payload?: unknown,
): Promise<Answer> {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.jwt}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() };
}

const publicPage = async (slug: string, locale: string) =>
  h.app.inject({ method: 'GET', url: `/nfx/pages/${slug}?locale=${locale}` });

const rows = async (table: string) =>
  (await h.database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n;

beforeAll(async () => {
  h = await createTestApp();
  editor = await createStaff(h, 'content', { username: 'cm-editor' });
  support = await createStaff(h, 'support', { username: 'cm-support' });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('content manager', () => {
  it('creates a French page that the site shows, sanitised, and edits it at the version read', async () => {
    const created = await call('POST', '/nfx/content-manager/pages', editor, {
      data: {
        slug: 'vip-club',
        locale: 'fr',
        title: 'Le club VIP',
        body_html:
          '<p>Bienvenue <strong>au club</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        is_published: true,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ slug: 'vip-club', locale: 'fr', is_published: true });
    expect(String(created.body.data.body_html)).not.toMatch(/script|onerror/);
    const shown = await publicPage('vip-club', 'fr');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ data: { title: 'Le club VIP' } });
    expect((await publicPage('vip-club', 'en')).statusCode).toBe(404);

    const version = created.body.data.updated_at;
    const edited = await call('PUT', `/nfx/content-manager/pages/${created.body.data.id}`, editor, {
      data: { title: 'Le club VIP (nouveau)', updated_at: version },
    });
    expect(edited.status).toBe(200);
    // Shown at once: the cached read was dropped.
    expect((await publicPage('vip-club', 'fr')).json()).toMatchObject({
      data: { title: 'Le club VIP (nouveau)' },
    });

    // Someone else saved meanwhile: the old version is refused, nothing changes.
    const stale = await call('PUT', `/nfx/content-manager/pages/${created.body.data.id}`, editor, {
      data: { title: 'Écrasé', updated_at: version },
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error!.details.code).toBe('stale_version');
    expect((await publicPage('vip-club', 'fr')).json()).toMatchObject({
      data: { title: 'Le club VIP (nouveau)' },
    });

    const audit = await h.database.db.execute<{
      action: string;
      outcome: string;
      before: unknown;
      after: unknown;
    }>(
      sql`SELECT action, outcome, before, after FROM staff_audit_log WHERE action = 'content.update' ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['done', 'failed']);
    expect(audit.rows[0]).toMatchObject({
      before: { title: 'Le club VIP' },
      after: { title: 'Le club VIP (nouveau)' },
    });

    const removed = await call(
      'DELETE',
      `/nfx/content-manager/pages/${created.body.data.id}?updated_at=${encodeURIComponent(edited.body.data.updated_at)}`,
      editor,
    );
    expect(removed.status).toBe(200);
    expect((await publicPage('vip-club', 'fr')).statusCode).toBe(404);
  });

  it('refuses bad payloads, unsafe redirects and duplicates, writing nothing', async () => {
    const before = { pages: await rows('cms_pages'), redirects: await rows('cms_redirects') };
    const refusals: [string, unknown, string][] = [
      ['pages', { slug: 'x', locale: 'fr', title: 't', body_html: '', is_published: true }, 'validation'],
      [
        'pages',
        { data: { slug: 'Bad Slug', locale: 'fr', title: 't', body_html: '', is_published: true } },
        'validation',
      ],
      [
        'pages',
        { data: { slug: 'ok', locale: 'de', title: 't', body_html: '', is_published: true } },
        'validation',
      ],
      [
        'pages',
        { data: { slug: 'ok', locale: 'fr', title: 't', body_html: '', is_published: true, extra: 1 } },
        'validation',
      ],
      [
        'redirects',
        {
          data: {
            from_url: '/old',
            to_url: 'javascript:alert(1)',
            status: 301,
            sort_order: 0,
            is_enabled: true,
          },
        },
        'validation',
      ],
      [
        'redirects',
        {
          data: { from_url: '/old', to_url: '//evil.example', status: 301, sort_order: 0, is_enabled: true },
        },
        'validation',
      ],
      [
        'redirects',
        { data: { from_url: 'old', to_url: '/new', status: 307, sort_order: 0, is_enabled: true } },
        'validation',
      ],
    ];
    for (const [collection, payload, code] of refusals) {
      const answer = await call('POST', `/nfx/content-manager/${collection}`, editor, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.error!.details.code).toBe(code);
    }
    const good = {
      from_url: '/old-promo',
      to_url: '/promotions',
      status: 301,
      sort_order: 0,
      is_enabled: true,
    };
    expect((await call('POST', '/nfx/content-manager/redirects', editor, { data: good })).status).toBe(200);
    const duplicate = await call('POST', '/nfx/content-manager/redirects', editor, { data: good });
    expect(duplicate.body.error!.details.code).toBe('taken');
    expect(await rows('cms_pages')).toBe(before.pages);
    expect(await rows('cms_redirects')).toBe(before.redirects + 1);
    // The redirect works at once.
    expect(await h.app.services.cms.matchRedirect('/old-promo')).toMatchObject({
      location: '/promotions',
      status: 301,
    });
    expect((await call('GET', '/nfx/content-manager/unknown', editor)).status).toBe(400);
    expect((await call('GET', '/nfx/content-manager/pages/999999', editor)).status).toBe(404);
  });

  it('lists and reads entries; other roles are refused', async () => {
    const list = await call('GET', '/nfx/content-manager/redirects?limit=10', editor);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.data)).toBe(true);
    expect((await call('GET', '/nfx/content-manager/pages', support)).status).toBe(403);
  });

  it('lists one language and previews a body as the site would show it, writing nothing', async () => {
    const french = await call('GET', '/nfx/content-manager/pages?locale=fr&limit=100', editor);
    expect(french.status).toBe(200);
    const entries = french.body.data as unknown as { locale: string; slug: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.locale === 'fr')).toBe(true);
    expect((await call('GET', '/nfx/content-manager/pages?locale=de', editor)).status).toBe(400);

    const before = await rows('cms_pages');
    const preview = await call('POST', '/nfx/content-manager/pages/preview', editor, {
      data: { body_html: '<h2>Bonjour</h2><script>alert(1)</script><a href="javascript:x">lien</a>' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.body_html).toContain('<h2>Bonjour</h2>');
    expect(String(preview.body.data.body_html)).not.toMatch(/script|javascript/);
    expect(await rows('cms_pages')).toBe(before);
    const bad = await call('POST', '/nfx/content-manager/pages/preview', editor, { body_html: '<p>x</p>' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details.code).toBe('validation');
    expect(
      (await call('POST', '/nfx/content-manager/pages/preview', support, { data: { body_html: '' } })).status,
    ).toBe(403);
  });

  it('edits a content config section per locale, validated by its schema, at the version read', async () => {
    const list = await call('GET', '/nfx/content-manager/config?locale=fr', editor);
    expect(list.status).toBe(200);
    const sections = list.body.data as unknown as { locale: string; section: string }[];
    expect(sections.map((row) => row.section)).toContain('settings-seo');
    expect(sections.every((row) => row.locale === 'fr')).toBe(true);

    const url = '/nfx/content-manager/config/fr/settings-seo';
    const read = await call('GET', url, editor);
    expect(read.status).toBe(200);
    const document = read.body.data.document as Record<string, unknown>;
    const version = read.body.data.updated_at;

    // Not the section's shape: refused, nothing written.
    const bad = await call('PUT', url, editor, {
      data: { document: { ...document, defaultTitle: 42 }, updated_at: version },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.details).toMatchObject({
      code: 'validation',
      fields: { 'document.defaultTitle': expect.any(String) },
    });

    const saved = await call('PUT', url, editor, {
      data: { document: { ...document, defaultTitle: 'Croupier — casino en ligne' }, updated_at: version },
    });
    expect(saved.status).toBe(200);
    const served = await h.app.inject({ method: 'GET', url: '/nfx/cms-config/fr' });
    expect(JSON.stringify(served.json())).toContain('Croupier — casino en ligne');

    const stale = await call('PUT', url, editor, {
      data: { document: { ...document, defaultTitle: 'Écrasé' }, updated_at: version },
    });
    expect(stale.body.error!.details.code).toBe('stale_version');
    expect((await call('GET', '/nfx/content-manager/config/de/settings-seo', editor)).status).toBe(400);
    expect((await call('GET', '/nfx/content-manager/config/fr/unknown', editor)).status).toBe(400);
    expect((await call('GET', url, support)).status).toBe(403);
  });
});
