import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => {
  await t?.close();
});

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

describe('/api envelope and transport', () => {
  it('answers metadata.getgeneralinfo with every General info field', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/metadata.getgeneralinfo?v=2.34&locale=en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toBeTruthy();
    const body = response.json();
    expect(body.status).toBe(1);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'analytic',
        'available_currencies',
        'available_locales',
        'default_currency',
        'domain_state',
        'domain_type',
        'is_bonus_isolation_enabled',
        'is_game_history_export_enabled',
        'is_seon_enabled',
        'time_to_force_logout',
        'user_inactivity_cashier_time',
        'user_inactivity_pp_time',
        'site_sections',
      ].sort(),
    );
    // ADR 014: every section of the registry, on or off; sports, promotions, offers, bonuses, loyalty, jackpots and tournaments have their pages.
    expect(body.data.site_sections).toEqual({
      sports: true,
      promotions: true,
      tournaments: true,
      jackpots: true,
      offers: true,
      bonuses: true,
      loyalty: true,
      support: true,
      responsibleGaming: true,
      verification: true,
      liveCasino: false,
    });
    expect(body.data.default_currency).toBe('EUR');
    expect(body.data.available_currencies).toContainEqual({ code: 'EUR', symbol: '€', exponent: 2 });
    expect(body.data.available_currencies).toContainEqual({ code: 'JPY', symbol: '¥', exponent: 0 });
    expect(body.data.available_locales.map((l: { code: string }) => l.code)).toEqual(['en', 'fr']);
  });

  it('matches method names case-insensitively', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/METADATA.GetGeneralInfo' });
    expect(response.json().status).toBe(1);
  });

  it('answers unknown methods with MethodNotFoundException in the request locale', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/casino.nothing?locale=fr' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 0,
      error: {
        type: 'MethodNotFoundException',
        code: 'method_not_found',
        message: "La méthode casino.nothing n'existe pas.",
      },
    });
    const bare = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(bare.json().error.type).toBe('MethodNotFoundException');
  });

  it('refuses an unsupported major version and an unknown locale', async () => {
    const version = await t.app.inject({ method: 'GET', url: '/api/metadata.get?v=3.0' });
    expect(version.statusCode).toBe(400);
    expect(version.json().error).toMatchObject({
      type: 'InvalidRequestException',
      code: 'unsupported_version',
    });
    const locale = await t.app.inject({ method: 'GET', url: '/api/metadata.get?locale=xx' });
    expect(locale.statusCode).toBe(400);
    expect(locale.json().error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { locale: 'unsupported' },
    });
  });

  it('names each bad field and refuses extra ones', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/banners.get?count=abc&offset=-1&colour=red',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { count: 'invalid_type', offset: 'too_small', colour: 'unknown_field' },
    });
  });

  it('drops unknown keys instead with _non_strict=1 (framed clients)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/banners.get?count=1&colour=red&_non_strict=1',
    });
    expect(response.json().status).toBe(1);
  });

  it('refuses a POST-only method over GET', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/storage.set?key=a&value=b' });
    expect(response.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'post_required' });
  });

  it('answers malformed, oversized and unsupported bodies with typed errors', async () => {
    const player = await t.createPlayer();
    const headers = { ...sameOrigin, cookie: player.cookie };
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"key":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'malformed_body' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ key: 'a', value: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'body_too_large' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<key/>',
    });
    expect(xml.json().error).toMatchObject({
      type: 'InvalidRequestException',
      code: 'unsupported_media_type',
    });

    const array = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(array.json().error).toMatchObject({ type: 'InvalidRequestException' });
    expect(await t.app.services.storage.getKeys(player.id)).toEqual([]);
  });

  it('reads urlencoded, multipart and JSON bodies alike', async () => {
    const player = await t.createPlayer();
    const headers = { ...sameOrigin, cookie: player.cookie };
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'key=form&value=1',
    });
    expect(form.json()).toEqual({ status: 1, data: 1 });
    const boundary = '----croupier';
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="key"',
        '',
        'multi',
        `--${boundary}`,
        'Content-Disposition: form-data; name="value"',
        '',
        '2',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expect(multipart.json()).toEqual({ status: 1, data: 1 });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers,
      payload: { key: 'json', value: '3' },
    });
    expect(json.json()).toEqual({ status: 1, data: 1 });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/storage.get?keys=form,multi,json,none',
      headers,
    });
    expect(read.json()).toEqual({ status: 1, data: { form: '1', multi: '2', json: '3' } });
  });

  it('refuses file uploads in multipart bodies', async () => {
    const player = await t.createPlayer();
    const boundary = '----croupier';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: {
        ...sameOrigin,
        cookie: player.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="key"; filename="a.txt"',
        'Content-Type: text/plain',
        '',
        'data',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expect(response.json().status).toBe(0);
    expect(response.json().error.type).toBe('InvalidRequestException');
  });
});

describe('sessions, access and CSRF', () => {
  it('gives guests AuthorizationException on player methods', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/storage.getKeys?locale=fr' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({
      type: 'AuthorizationException',
      message: 'Veuillez vous connecter pour continuer.',
    });
  });

  it('keeps each player in their own storage', async () => {
    const alice = await t.createPlayer();
    const bob = await t.createPlayer();
    await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { ...sameOrigin, cookie: alice.cookie },
      payload: { key: 'secret', value: 'alice' },
    });
    const bobRead = await t.app.inject({
      method: 'GET',
      url: '/api/storage.get?keys=secret',
      headers: { cookie: bob.cookie },
    });
    expect(bobRead.json()).toEqual({ status: 1, data: {} });
    const aliceRead = await t.app.inject({
      method: 'GET',
      url: '/api/storage.get?keys=secret',
      headers: { cookie: alice.cookie },
    });
    expect(aliceRead.json()).toEqual({ status: 1, data: { secret: 'alice' } });
  });

  it('refuses cross-site state changes and writes nothing', async () => {
    const player = await t.createPlayer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { cookie: player.cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: { key: 'csrf', value: '1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      type: 'AccessDeniedException',
      code: 'cross_site_request',
    });
    const originOnly = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers: { cookie: player.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { key: 'csrf', value: '1' },
    });
    expect(originOnly.statusCode).toBe(403);
    expect(await t.app.services.storage.getKeys(player.id)).toEqual([]);
  });

  it('treats revoked and expired sessions as guests', async () => {
    const player = await t.createPlayer();
    await t.app.services.sessions.revoke(player.token, 'logout');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/storage.getKeys',
      headers: { cookie: player.cookie },
    });
    expect(response.json().error.type).toBe('AuthorizationException');
    const other = await t.createPlayer();
    await t.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE player_id = ${other.id}`,
    );
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/storage.getKeys',
      headers: { cookie: other.cookie },
    });
    expect(expired.json().error.type).toBe('AuthorizationException');
  });

  it('stores only a hash of the session id', async () => {
    const player = await t.createPlayer();
    const rows = await t.database.db.execute<{ id_hash: Buffer }>(
      sql`SELECT id_hash FROM sessions WHERE player_id = ${player.id}`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.id_hash.length).toBe(32);
    expect(rows.rows[0]!.id_hash.toString('base64url')).not.toBe(player.token);
  });

  it('answers UserBannedException and UserDeletedException for blocked players, but still serves metadata', async () => {
    const banned = await t.createPlayer();
    await t.database.db.execute(sql`UPDATE players SET status = 'banned' WHERE id = ${banned.id}`);
    const call = await t.app.inject({
      method: 'GET',
      url: '/api/storage.getKeys',
      headers: { cookie: banned.cookie },
    });
    expect(call.statusCode).toBe(403);
    expect(call.json().error.type).toBe('UserBannedException');
    const meta = await t.app.inject({
      method: 'GET',
      url: '/api/metadata.getgeneralinfo',
      headers: { cookie: banned.cookie },
    });
    expect(meta.json().status).toBe(1);
    const deleted = await t.createPlayer();
    await t.database.db.execute(sql`UPDATE players SET status = 'deleted' WHERE id = ${deleted.id}`);
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/banners.get',
      headers: { cookie: deleted.cookie },
    });
    expect(gone.json().error.type).toBe('UserDeletedException');
  });

  it('revokes every session of a player at once', async () => {
    const player = await t.createPlayer();
    await t.app.services.sessions.create(player.id, { ip: null, userAgent: null });
    expect(await t.app.services.sessions.revokeAllForPlayer(player.id, 'password_change')).toBe(2);
    expect(await t.app.services.sessions.resolve(player.token)).toBeUndefined();
  });

  it('rotates a session: the old id dies, the new one lives', async () => {
    const player = await t.createPlayer();
    const next = await t.app.services.sessions.rotate(player.token, player.id, { ip: null, userAgent: null });
    expect(next).not.toBe(player.token);
    expect(await t.app.services.sessions.resolve(player.token)).toBeUndefined();
    expect((await t.app.services.sessions.resolve(next))?.playerId).toBe(player.id);
  });
});

describe('storage, events and metadata methods', () => {
  it('lists keys and enforces the per-player quota', async () => {
    const player = await t.createPlayer();
    const headers = { ...sameOrigin, cookie: player.cookie };
    for (let i = 0; i < 100; i += 1)
      await t.app.services.storage.set(player.id, `k${String(i).padStart(3, '0')}`, 'v');
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers,
      payload: { key: 'one_more', value: 'v' },
    });
    expect(over.json().error.type).toBe('StorageQuotaExceededException');
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/storage.set',
      headers,
      payload: { key: 'k000', value: 'w' },
    });
    expect(update.json()).toEqual({ status: 1, data: 1 });
    const keys = await t.app.inject({ method: 'GET', url: '/api/storage.getKeys', headers });
    expect(keys.json().data).toHaveLength(100);
  });

  it('records client events for guests and players', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/events.handle?event_name=promo_not_found&event_params=${encodeURIComponent('{"code":"WELCOME"}')}`,
    });
    expect(response.json()).toEqual({ status: 1, data: 1 });
    const rows = await t.database.db.execute<{ name: string; params: unknown }>(
      sql`SELECT name, params FROM client_events WHERE name = 'promo_not_found'`,
    );
    expect(rows.rows).toEqual([{ name: 'promo_not_found', params: { code: 'WELCOME' } }]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/events.handle?event_name=x&event_params=%7Bnot',
    });
    expect(bad.json().error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { event_params: 'invalid_json' },
    });
  });

  it('answers metadata.get with locales and currencies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metadata.get' });
    const data = response.json().data;
    expect(data.api_version).toBe('2.34');
    expect(data.locales).toContainEqual({ code: 'fr', language: 'fr-FR', name: 'Français', dir: 'ltr' });
  });
});

describe('rate limits', () => {
  it('answers TooManyRequestsException with Retry-After past the per-IP limit', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' }, seed: false });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.app.inject({ method: 'GET', url: '/api/metadata.get' })).statusCode).toBe(200);
      }
      const refused = await limited.app.inject({ method: 'GET', url: '/api/metadata.get' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error).toMatchObject({ type: 'TooManyRequestsException', code: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metadata.get' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
