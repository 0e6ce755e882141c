/**
 * The banners desk (issue #18, ADR 052): a content editor creates a banner that players read at once
 * through `banners.get` in both languages, edits it at the version read (a stale version is refused,
 * nothing written), and deletes it; a bad link, markup or a missing French text is a typed refusal
 * that writes nothing; every call leaves its audit row, writes with before and after.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, type TestStaff } from '../backoffice/staff-test-client.ts';

let h: TestApp;
let editor: TestStaff;
let marketing: TestStaff;

type Banner = Record<string, unknown> & { id: number; version: string; key: string; state: string };
type Answer = {
  status: number;
  body: {
    data: Banner & { items?: Banner[] };
    error?: { message: string; details: { code: string; fields?: Record<string, string> } };
  };
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  who: TestStaff = editor,
): Promise<Answer> {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.jwt}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() };
}

const rows = async (table: string) =>
  (await h.database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n;

const lastAudit = async () =>
  (
    await h.database.db.execute<{
      action: string;
      outcome: string;
      detail: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(sql`SELECT action, outcome, detail, before, after FROM staff_audit_log ORDER BY id DESC LIMIT 1`)
  ).rows[0]!;

type PublicBanner = { id: number; description: { title: string; position: string; link: string | null } };
async function publicBanners(locale: 'en' | 'fr'): Promise<PublicBanner[]> {
  const response = await h.app.inject({
    method: 'GET',
    url: `/api/banners.get?position=home_hero&count=100&locale=${locale}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { items: PublicBanner[] } }).data.items;
}

const text = (title: string) => ({
  title,
  text: `${title}: more`,
  image: '/nfx/media/hero.webp',
  image_mobile: null,
  button_text: 'Go',
});
const banner = (key: string) => ({
  key,
  position: 'home_hero',
  priority: -5,
  starts_at: '2020-01-01T00:00:00Z',
  finished_at: null,
  link: '/promotions',
  texts: { en: text('Winter welcome'), fr: text("Bienvenue d'hiver") },
});

beforeAll(async () => {
  h = await createTestApp();
  editor = await createStaff(h, 'content', { username: 'banner-editor' });
  marketing = await createStaff(h, 'marketing', { username: 'banner-marketing' });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('banners desk', () => {
  it('creates a banner players see in both languages, edits it at the version read, deletes it', async () => {
    const created = await call('POST', '/nfx/operator/banners', banner('winter-welcome'));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ key: 'winter-welcome', state: 'live', position: 'home_hero' });
    expect(created.body.data.version).toMatch(/^[0-9a-f]{24}$/);
    expect(await lastAudit()).toMatchObject({
      action: 'banners.create',
      outcome: 'done',
      detail: 'winter-welcome',
      after: { key: 'winter-welcome' },
    });
    const id = created.body.data.id;
    expect((await publicBanners('en')).find((b) => b.id === id)?.description.title).toBe('Winter welcome');
    expect((await publicBanners('fr')).find((b) => b.id === id)?.description.title).toBe("Bienvenue d'hiver");

    const listed = await call('GET', '/nfx/operator/banners');
    expect(listed.body.data.items!.find((b) => b.id === id)).toMatchObject({ key: 'winter-welcome' });
    expect(await lastAudit()).toMatchObject({ action: 'banners.list', outcome: 'done' });

    const version = created.body.data.version;
    const edited = await call('PUT', `/nfx/operator/banners/${id}`, {
      ...banner('winter-welcome'),
      texts: { en: text('Winter welcome'), fr: text('Bienvenue, hiver') },
      version,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.version).not.toBe(version);
    expect(await lastAudit()).toMatchObject({
      action: 'banners.update',
      outcome: 'done',
      before: { texts: { fr: { title: "Bienvenue d'hiver" } } },
      after: { texts: { fr: { title: 'Bienvenue, hiver' } } },
    });
    // Shown at once: the cached content was dropped.
    expect((await publicBanners('fr')).find((b) => b.id === id)?.description.title).toBe('Bienvenue, hiver');

    // The version it was read at is stale now: refused, nothing written.
    const stale = await call('PUT', `/nfx/operator/banners/${id}`, {
      ...banner('winter-welcome'),
      texts: { en: text('Overwritten'), fr: text('Écrasé') },
      version,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error!.details.code).toBe('stale_version');
    expect(await lastAudit()).toMatchObject({ action: 'banners.update', outcome: 'failed' });
    expect((await call('GET', `/nfx/operator/banners/${id}`)).body.data).toMatchObject({
      texts: { en: { title: 'Winter welcome' }, fr: { title: 'Bienvenue, hiver' } },
    });

    const staleDelete = await call('DELETE', `/nfx/operator/banners/${id}?version=${version}`);
    expect(staleDelete.body.error!.details.code).toBe('stale_version');
    const deleted = await call('DELETE', `/nfx/operator/banners/${id}?version=${edited.body.data.version}`);
    expect(deleted.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'banners.delete',
      outcome: 'done',
      before: { key: 'winter-welcome' },
    });
    expect((await publicBanners('en')).find((b) => b.id === id)).toBeUndefined();
    expect((await call('GET', `/nfx/operator/banners/${id}`)).status).toBe(404);
  });

  it('refuses a taken key, a bad link, markup, a missing French text and a bad schedule, writing nothing', async () => {
    expect((await call('POST', '/nfx/operator/banners', banner('spring-hero'))).status).toBe(200);
    const [banners, texts] = [await rows('cms_banners'), await rows('cms_banner_texts')];

    const refusals: [unknown, string, Record<string, string>][] = [
      [banner('spring-hero'), 'taken', { key: 'taken' }],
      [{ ...banner('bad-link'), link: 'javascript:alert(1)' }, 'validation', { link: 'unsafe' }],
      [{ ...banner('http-link'), link: 'http://example.com/x' }, 'validation', { link: 'unsafe' }],
      [{ ...banner('proto-link'), link: '//evil.example' }, 'validation', { link: 'unsafe' }],
      [
        { ...banner('markup'), texts: { en: text('<b>Bold</b>'), fr: text('Gras') } },
        'validation',
        { 'texts.en.title': 'markup' },
      ],
      [
        { ...banner('no-french'), texts: { en: text('Only English') } },
        'validation',
        { 'texts.fr': 'invalid_type' },
      ],
      [
        { ...banner('bad-dates'), starts_at: '2027-01-02T00:00:00Z', finished_at: '2027-01-01T00:00:00Z' },
        'validation',
        { finished_at: 'before_start' },
      ],
      [{ ...banner('Bad Key') }, 'validation', { key: 'invalid_format' }],
      [{ ...banner('extra-field'), secret: 1 }, 'validation', {}],
    ];
    for (const [body, code, fields] of refusals) {
      const answer = await call('POST', '/nfx/operator/banners', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error!.details.code).toBe(code);
      expect(answer.body.error!.details.fields).toMatchObject(fields);
      expect(await lastAudit()).toMatchObject({ action: 'banners.create', outcome: 'failed' });
    }
    expect(await rows('cms_banners')).toBe(banners);
    expect(await rows('cms_banner_texts')).toBe(texts);
  });

  it('is for content staff only: marketing is refused and audited', async () => {
    const answer = await call('GET', '/nfx/operator/banners', undefined, marketing);
    expect(answer.status).toBe(403);
    expect(await lastAudit()).toMatchObject({ action: 'banners.list', outcome: 'refused' });
  });
});
