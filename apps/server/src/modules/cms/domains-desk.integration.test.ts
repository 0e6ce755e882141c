/**
 * Content's domains desk (issue #18, ADR 053): a content editor edits the `*` domain's robots rules
 * and robots.txt shows them at once; a pattern with a line break, a bad origin or an unknown key is a
 * typed refusal that writes nothing; an edit from a stale version is refused; the `*` fallback cannot
 * be deleted; a new host is created, served and deleted; every call leaves its audit row.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, type TestStaff } from '../backoffice/staff-test-client.ts';

let h: TestApp;
let editor: TestStaff;
let support: TestStaff;

interface Domain {
  host: string;
  canonical_url: string | null;
  sitemap_url: string | null;
  robots_rules: { userAgent: string; allow: string[]; disallow: string[] }[];
  seo: { en: Record<string, unknown> | null; fr: Record<string, unknown> | null };
  version: string;
}

type Answer = {
  status: number;
  body: {
    data: Domain & { items: Domain[] };
    error?: { message: string; details: { code: string; fields?: Record<string, string> } };
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

const robotsTxt = async (host: string) =>
  (await h.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } })).body;

const fallback = async () => (await call('GET', '/nfx/operator/domains/%2A', editor)).body.data;

const editable = (domain: Domain) => ({
  version: domain.version,
  canonical_url: domain.canonical_url,
  sitemap_url: domain.sitemap_url,
  robots_rules: domain.robots_rules,
  seo: domain.seo,
});

const stored = async () =>
  (
    await h.database.db.execute<{ rules: string; seo: string }>(
      sql`SELECT robots_rules::text AS rules,
        (SELECT string_agg(document::text, '|' ORDER BY locale) FROM cms_domain_seo WHERE host = '*') AS seo
        FROM cms_domains WHERE host = '*'`,
    )
  ).rows[0];

beforeAll(async () => {
  h = await createTestApp();
  editor = await createStaff(h, 'content', { username: 'domains-editor' });
  support = await createStaff(h, 'support', { username: 'domains-support' });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('domains desk', () => {
  it("lists the domains and edits the * domain's robots rules, which robots.txt shows at once", async () => {
    const list = await call('GET', '/nfx/operator/domains', editor);
    expect(list.status).toBe(200);
    const star = list.body.data.items.find((domain) => domain.host === '*')!;
    expect(star.version).toMatch(/^[0-9a-f]{24}$/);
    expect(star.seo.en).not.toBeNull();
    expect(await robotsTxt('casino.test')).not.toContain('/desk-private');

    const rules = [
      ...star.robots_rules.map((group) =>
        group.userAgent === '*' ? { ...group, disallow: [...group.disallow, '/desk-private'] } : group,
      ),
    ];
    const edited = await call('PUT', '/nfx/operator/domains/*', editor, {
      ...editable(star),
      robots_rules: rules,
      sitemap_url: '/sitemap.xml',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.version).not.toBe(star.version);
    const text = await robotsTxt('casino.test');
    expect(text).toContain('Disallow: /desk-private');
    expect(text).toMatch(/Sitemap: https?:\/\/[^\n]+\/sitemap\.xml/);
    expect(await h.app.services.cms.isDisallowed('casino.test', '/fr/desk-private')).toBe(true);

    // The edit from the version read before is stale now: refused, nothing written.
    const before = await stored();
    const stale = await call('PUT', '/nfx/operator/domains/%2A', editor, {
      ...editable(star),
      robots_rules: [],
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error!.details.code).toBe('stale_version');
    expect(await stored()).toEqual(before);

    const audit = await h.database.db.execute<{ outcome: string; before: Domain; after: Domain | null }>(
      sql`SELECT outcome, before, after FROM staff_audit_log WHERE action = 'domains.update' ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['done', 'failed']);
    expect(JSON.stringify(audit.rows[0]!.before.robots_rules)).not.toContain('/desk-private');
    expect(JSON.stringify(audit.rows[0]!.after!.robots_rules)).toContain('/desk-private');
  });

  it('refuses a line break in a pattern, bad origins, sitemaps and SEO documents, writing nothing', async () => {
    const star = await fallback();
    const before = await stored();
    const attempts: [Record<string, unknown>, string][] = [
      [
        { robots_rules: [{ userAgent: '*', allow: [], disallow: ['/a\nDisallow: /'] }] },
        'robots_rules.0.disallow.0',
      ],
      [{ robots_rules: [{ userAgent: '*', allow: ['/a b'], disallow: [] }] }, 'robots_rules.0.allow.0'],
      [
        { robots_rules: [{ userAgent: '*', allow: [], disallow: ['no-slash'] }] },
        'robots_rules.0.disallow.0',
      ],
      [{ robots_rules: [{ userAgent: 'Bad\nAgent', allow: [], disallow: [] }] }, 'robots_rules.0.userAgent'],
      [
        { robots_rules: Array.from({ length: 101 }, () => ({ userAgent: '*', allow: [], disallow: [] })) },
        'robots_rules',
      ],
      [{ canonical_url: 'http://casino.example' }, 'canonical_url'],
      [{ canonical_url: 'https://casino.example/fr' }, 'canonical_url'],
      [{ sitemap_url: 'javascript:alert(1)' }, 'sitemap_url'],
      [{ sitemap_url: '/sitemap.xml\nAllow: /' }, 'sitemap_url'],
      [{ seo: { en: { ...star.seo.en, extra: 1 }, fr: star.seo.fr } }, 'seo.en'],
      [{ seo: { en: { ...star.seo.en, meta: 'none' }, fr: star.seo.fr } }, 'seo.en.meta'],
    ];
    for (const [change, field] of attempts) {
      const answer = await call('PUT', '/nfx/operator/domains/*', editor, { ...editable(star), ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error!.details.code).toBe('validation');
      expect(Object.keys(answer.body.error!.details.fields ?? {}).join(' '), field).toContain(field);
    }
    expect(await stored()).toEqual(before);
    expect(await robotsTxt('casino.test')).not.toMatch(/^Disallow: \/$/m);
  });

  it('creates a host that robots.txt then serves, deletes it at its version, and keeps *', async () => {
    const created = await call('POST', '/nfx/operator/domains', editor, {
      host: 'desk.casino.example',
      canonical_url: 'https://www.desk.casino.example',
      sitemap_url: '/sitemap.xml',
      robots_rules: [{ userAgent: 'Googlebot', allow: ['/games$'], disallow: ['/*?sort='] }],
      seo: { en: null, fr: null },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const text = await robotsTxt('desk.casino.example');
    expect(text).toBe(
      'User-agent: Googlebot\nAllow: /games$\nDisallow: /*?sort=\n\nSitemap: https://www.desk.casino.example/sitemap.xml\n',
    );
    const again = await call('POST', '/nfx/operator/domains', editor, {
      host: 'desk.casino.example',
      canonical_url: null,
      sitemap_url: null,
      robots_rules: [],
      seo: { en: null, fr: null },
    });
    expect(again.status).toBe(400);
    expect(again.body.error!.details.code).toBe('domain_taken');
    const badHost = await call('POST', '/nfx/operator/domains', editor, {
      host: 'Bad Host',
      canonical_url: null,
      sitemap_url: null,
      robots_rules: [],
      seo: { en: null, fr: null },
    });
    expect(badHost.status).toBe(400);

    const star = await fallback();
    const keep = await call('DELETE', `/nfx/operator/domains/%2A?version=${star.version}`, editor);
    expect(keep.status).toBe(400);
    expect(keep.body.error!.details.code).toBe('domain_fallback_kept');
    expect((await fallback()).version).toBe(star.version);

    const staleDelete = await call(
      'DELETE',
      `/nfx/operator/domains/desk.casino.example?version=${star.version}`,
      editor,
    );
    expect(staleDelete.body.error!.details.code).toBe('stale_version');
    const removed = await call(
      'DELETE',
      `/nfx/operator/domains/desk.casino.example?version=${created.body.data.version}`,
      editor,
    );
    expect(removed.status).toBe(200);
    expect(await robotsTxt('desk.casino.example')).not.toContain('Googlebot');
    expect((await call('GET', '/nfx/operator/domains/desk.casino.example', editor)).status).toBe(404);

    const audit = await h.database.db.execute<{ action: string; outcome: string; before: Domain | null }>(
      sql`SELECT action, outcome, before FROM staff_audit_log WHERE action = 'domains.delete' ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['failed', 'failed', 'done']);
    expect(audit.rows[2]!.before).toMatchObject({ host: 'desk.casino.example' });
  });

  it('refuses other roles, with an audit row', async () => {
    const refused = await call('GET', '/nfx/operator/domains', support);
    expect(refused.status).toBe(403);
    const [last] = (
      await h.database.db.execute<{ action: string; outcome: string }>(
        sql`SELECT action, outcome FROM staff_audit_log ORDER BY id DESC LIMIT 1`,
      )
    ).rows;
    expect(last).toEqual({ action: 'domains.list', outcome: 'refused' });
  });
});
