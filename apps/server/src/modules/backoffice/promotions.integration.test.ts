/**
 * The promotions desk's operator API (issue #18, ADR 048): a marketing staff member creates and
 * edits bonus templates, offers and campaign popups. Every edit carries the version it was made
 * from; a stale one, bad input, a key that exists, an edit of a template players hold bonuses of,
 * or popup markup is a typed refusal that writes nothing, and every call leaves its audit row.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, type TestStaff } from './staff-test-client.ts';

let h: TestApp;
let marketing: TestStaff;

interface Answer {
  status: number;
  body: {
    data: Record<string, unknown> & { items?: Record<string, unknown>[] };
    error?: { details: { code: string; fields?: Record<string, string> } };
  };
}

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
): Promise<Answer> {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${marketing.jwt}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Answer['body'] };
}

const count = async (
  table: 'bonus_templates' | 'bonus_template_amounts' | 'campaign_offers' | 'campaign_popups',
) =>
  (await h.database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n;

const lastAudit = async () =>
  (
    await h.database.db.execute<{
      action: string;
      outcome: string;
      detail: string | null;
      before: unknown;
      after: unknown;
    }>(sql`SELECT action, outcome, detail, before, after FROM staff_audit_log ORDER BY id DESC LIMIT 1`)
  ).rows[0]!;

const fixedTemplate = (key: string) => ({
  key,
  kind: 'fixed',
  name: { en: 'Spring ten', fr: 'Dix du printemps' },
  description: { en: '10 EUR bonus', fr: 'Bonus de 10 EUR' },
  amounts: { EUR: { fixed: '10.00', max_bet: '5.00' } },
  wagering_multiplier: 5,
  contributions: { slot: 100 },
  activation_days: 7,
  wagering_days: 14,
});

beforeAll(async () => {
  h = await createTestApp();
  marketing = await createStaff(h, 'marketing', { username: 'promo-desk' });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('bonus templates', () => {
  it('creates, lists and edits a template with its version; a stale version writes nothing', async () => {
    const created = await call('POST', '/nfx/operator/bonus-templates', fixedTemplate('spring-ten'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const template = created.body.data as { id: number; version: string; amounts: unknown; in_use: boolean };
    expect(template.amounts).toEqual({
      EUR: { cap: null, min_deposit: null, fixed: '10.00', max_win: null, max_bet: '5.00', spin_bet: null },
    });
    expect(template.in_use).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'bonus_templates.create',
      outcome: 'done',
      detail: 'spring-ten',
    });

    const listed = await call('GET', '/nfx/operator/bonus-templates');
    expect(listed.body.data.items!.map((t) => t.key)).toContain('spring-ten');

    const { key: _key, ...fields } = fixedTemplate('spring-ten');
    const edit = { ...fields, version: template.version, amounts: { EUR: { fixed: '12.50' } } };
    const edited = await call('PUT', `/nfx/operator/bonus-templates/${template.id}`, edit);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = edited.body.data as { version: string; amounts: { EUR: { fixed: string } } };
    expect(after.amounts.EUR.fixed).toBe('12.50');
    expect(after.version).not.toBe(template.version);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'bonus_templates.update', outcome: 'done' });
    expect(audit.before).toMatchObject({ amounts: { EUR: { fixed: '10.00' } } });
    expect(audit.after).toMatchObject({ amounts: { EUR: { fixed: '12.50' } } });

    // The same edit again, made from the first version: someone changed it meanwhile.
    const stale = await call('PUT', `/nfx/operator/bonus-templates/${template.id}`, {
      ...edit,
      amounts: { EUR: { fixed: '99.00' } },
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error!.details.code).toBe('stale_version');
    expect(await lastAudit()).toMatchObject({ action: 'bonus_templates.update', outcome: 'failed' });
    const now = await call('GET', `/nfx/operator/bonus-templates/${template.id}`);
    expect((now.body.data as { amounts: { EUR: { fixed: string } } }).amounts.EUR.fixed).toBe('12.50');
  });

  it('refuses bad templates and taken keys with the bonuses rules, and writes nothing', async () => {
    const before = [await count('bonus_templates'), await count('bonus_template_amounts')];
    const refusals: [Record<string, unknown>, string, string?][] = [
      [fixedTemplate('welcome-100'), 'taken', 'key'],
      [{ ...fixedTemplate('bad-kind'), kind: 'jackpot' }, 'invalid_bonus_template', 'kind'],
      [{ ...fixedTemplate('no-fixed'), amounts: { EUR: {} } }, 'invalid_bonus_template', 'amounts.EUR.fixed'],
      [
        { ...fixedTemplate('bad-amount'), amounts: { EUR: { fixed: '1.001' } } },
        'invalid_bonus_template',
        'amounts.EUR.fixed',
      ],
      [
        { ...fixedTemplate('bad-currency'), amounts: { XXQ: { fixed: '1' } } },
        'invalid_bonus_template',
        'amounts.XXQ',
      ],
      [
        { ...fixedTemplate('big-wager'), wagering_multiplier: 100000 },
        'invalid_bonus_template',
        'wagering_multiplier',
      ],
      [{ ...fixedTemplate('Bad Key') }, 'invalid_bonus_template', 'key'],
      [{ ...fixedTemplate('extra'), surprise: true }, 'invalid_parameter'],
    ];
    for (const [body, code, field] of refusals) {
      const answer = await call('POST', '/nfx/operator/bonus-templates', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error!.details.code, JSON.stringify(body)).toBe(code);
      if (field) expect(Object.keys(answer.body.error!.details.fields ?? {})).toEqual([field]);
    }
    expect([await count('bonus_templates'), await count('bonus_template_amounts')]).toEqual(before);
  });

  it('refuses changing the rules of a template players hold bonuses of, but lets the name change', async () => {
    const created = await call('POST', '/nfx/operator/bonus-templates', fixedTemplate('held-ten'));
    const template = created.body.data as { id: number; version: string };
    const player = await h.createPlayer();
    await h.app.services.bonuses.grant(player.id, BigInt(template.id), {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `held-${player.id}`,
    });
    const { key: _key, ...fields } = fixedTemplate('held-ten');
    const rules = await call('PUT', `/nfx/operator/bonus-templates/${template.id}`, {
      ...fields,
      version: template.version,
      wagering_multiplier: 8,
    });
    expect(rules.status).toBe(400);
    expect(rules.body.error!.details.code).toBe('template_in_use');
    const renamed = await call('PUT', `/nfx/operator/bonus-templates/${template.id}`, {
      ...fields,
      version: template.version,
      name: { en: 'Held ten', fr: 'Dix tenus' },
      enabled: false,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ in_use: true, enabled: false, wagering_multiplier: 5 });
  });
});

describe('offers and popups', () => {
  let templateId: number;
  const offer = (key: string) => ({
    key,
    trigger: 'promo_code',
    title: { en: 'Spring code', fr: 'Code du printemps' },
    description: { en: 'Enter the code', fr: 'Saisissez le code' },
    template_ids: [templateId],
    starts_at: '2026-01-01T00:00:00Z',
  });

  beforeAll(async () => {
    const listed = await call('GET', '/nfx/operator/bonus-templates');
    templateId = listed.body.data.items!.find((t) => t.key === 'no-deposit-10')!.id as number;
  });

  it('creates and edits an offer; stale versions, unknown templates and taken keys write nothing', async () => {
    const created = await call('POST', '/nfx/operator/offers', offer('spring-code'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const made = created.body.data as { id: number; version: string };
    const { key: _key, ...fields } = offer('spring-code');
    const edited = await call('PUT', `/nfx/operator/offers/${made.id}`, {
      ...fields,
      version: made.version,
      ends_at: '2027-01-01T00:00:00Z',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ key: 'spring-code', ends_at: '2027-01-01T00:00:00.000Z' });

    const before = await count('campaign_offers');
    const retrigger = await call('PUT', `/nfx/operator/offers/${made.id}`, {
      ...fields,
      version: (edited.body.data as { version: string }).version,
      trigger: 'action',
    });
    expect(retrigger.body.error!.details).toMatchObject({
      code: 'validation',
      fields: { trigger: 'immutable' },
    });
    const stale = await call('PUT', `/nfx/operator/offers/${made.id}`, { ...fields, version: made.version });
    expect(stale.body.error!.details.code).toBe('stale_version');
    const refusals: [Record<string, unknown>, string][] = [
      [offer('spring-code'), 'taken'],
      [{ ...offer('ghost-template'), template_ids: [999999] }, 'invalid_bonus_template'],
      [{ ...offer('no-templates'), template_ids: [] }, 'validation'],
      [{ ...offer('bad-trigger'), trigger: 'lottery' }, 'validation'],
      [{ ...offer('bad-window'), ends_at: '2025-01-01T00:00:00Z' }, 'validation'],
      [{ ...offer('min-dep'), min_deposit: { EUR: '10.00' } }, 'validation'],
      [{ ...offer('dep'), trigger: 'deposit', min_deposit: { EUR: '-1' } }, 'validation'],
    ];
    for (const [body, code] of refusals) {
      const answer = await call('POST', '/nfx/operator/offers', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error!.details.code, JSON.stringify(body)).toBe(code);
    }
    expect(await count('campaign_offers')).toBe(before);
    const now = await call('GET', `/nfx/operator/offers/${made.id}`);
    expect(now.body.data).toMatchObject({ ends_at: '2027-01-01T00:00:00.000Z' });
  });

  it('creates and edits a popup; markup is refused and nothing written', async () => {
    const popup = {
      key: 'spring-popup',
      title: { en: 'Spring is here', fr: 'Le printemps est là' },
      content: { en: 'Ten euros for you.\nUse SPRING.', fr: 'Dix euros pour vous.\nCode SPRING.' },
      starts_at: '2026-01-01T00:00:00Z',
    };
    const created = await call('POST', '/nfx/operator/popups', popup);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const made = created.body.data as { id: number; version: string };
    const before = await count('campaign_popups');
    for (const content of [
      '<b>Ten</b> euros',
      'Click <a href="javascript:alert(1)">here</a>',
      'a <!-- b -->',
    ]) {
      const answer = await call('POST', '/nfx/operator/popups', {
        ...popup,
        key: 'markup-popup',
        content: { en: content, fr: 'ok' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error!.details).toMatchObject({
        code: 'validation',
        fields: { 'content.en': 'markup' },
      });
    }
    expect((await call('POST', '/nfx/operator/popups', popup)).body.error!.details.code).toBe('taken');
    expect(await count('campaign_popups')).toBe(before);

    const { key: _key, ...fields } = popup;
    const edited = await call('PUT', `/nfx/operator/popups/${made.id}`, {
      ...fields,
      version: made.version,
      content: { en: 'Twenty euros: 5 < 20.', fr: 'Vingt euros : 5 < 20.' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const markup = await call('PUT', `/nfx/operator/popups/${made.id}`, {
      ...fields,
      version: (edited.body.data as { version: string }).version,
      title: { en: '<script>x</script>', fr: 'ok' },
    });
    expect(markup.body.error!.details.code).toBe('validation');
    const stale = await call('PUT', `/nfx/operator/popups/${made.id}`, { ...fields, version: made.version });
    expect(stale.body.error!.details.code).toBe('stale_version');
    const now = await call('GET', `/nfx/operator/popups/${made.id}`);
    expect(now.body.data).toMatchObject({ content: { en: 'Twenty euros: 5 < 20.' } });
    expect((await call('GET', '/nfx/operator/popups')).body.data.items!.map((p) => p.key)).toContain(
      'spring-popup',
    );
  });
});
