/**
 * The betting pages on the real server, database and simulator feed (requires `npm run build`;
 * ADR 035): /betting with live and upcoming matches, a sport and an event page with its markets, in
 * English and French; the chrome-less framed copy and the in-house launch page; /bets/* sending a
 * player to /betting while no sportsbook frame is configured, or framing the configured one.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({
    web: 'production',
    env: { SPORTSBOOK_FEED: 'simulator', SPORTSBOOK_SIMULATOR_SEED: 'web-pages' },
  });
  await harness.app.services.sportsbook.runFeedNow(60_000);
});

afterAll(async () => {
  await harness?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return harness.app.inject({ method: 'GET', url, headers });
}

describe('betting pages', () => {
  test('/betting lists live and upcoming matches with odds and the betting notice, in both languages', async () => {
    const en = await get('/betting');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<title>');
    expect(en.body).toContain('Live now');
    expect(en.body).toContain('data-testid="betting-notice"');
    expect(en.body).toContain('data-testid="sports-nav"');
    expect(en.body).toContain('href="/betting/football"');
    expect(en.body).toMatch(/data-testid="(live|upcoming)-events"/);
    expect(en.body).toContain('data-testid="odds-button"');
    const fr = await get('/fr/betting?day=1&tz=60');
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('En direct');
    expect(fr.body).toContain('Demain');
    expect(fr.body).toContain('href="/fr/betting/football"');
  });

  test('a sport page and an event page with all its markets', async () => {
    const sport = await get('/betting/football');
    expect(sport.statusCode).toBe(200);
    expect(sport.body).toContain('data-testid="tournaments-nav"');
    const id = /href="\/betting\/event\/([^"]+)"/.exec((await get('/betting')).body)?.[1];
    expect(id).toBeDefined();
    const event = await get(`/fr/betting/event/${id}`);
    expect(event.statusCode).toBe(200);
    expect(event.body).toContain('data-testid="event-header"');
    expect(event.body).toContain('data-testid="market-groups"');
    const unknown = await get('/betting/event/sr:match:nope');
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
  });

  test('the framed copy has no site chrome; the in-house launch page opens it in the launch language', async () => {
    const framed = await get('/frame/betting');
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain('data-testid="betting-layout"');
    expect(framed.body).not.toContain('<footer');
    expect((await get('/betting')).body).toContain('<footer');
    expect(framed.body).toContain('href="/frame/betting/football"');
    const launch = await get('/frame/launch?lang=fr&path=%2Ffootball&token=t');
    expect(launch.statusCode).toBe(302);
    expect(launch.headers.location).toBe('/fr/frame/betting/football');
  });

  test('/bets/* sends a player to /betting while no sportsbook frame is configured', async () => {
    const player = await harness.createPlayer();
    const bets = await get('/fr/bets/live/1', { cookie: player.cookie });
    expect(bets.statusCode).toBe(302);
    expect(bets.headers.location).toBe('/fr/betting');
  });

  test('/profile/bets is in the profile menu for a player', async () => {
    const player = await harness.createPlayer();
    const page = await get('/profile/settings', { cookie: player.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/profile/bets"');
  });
});

describe('a configured sportsbook frame', () => {
  let framed: TestApp;
  beforeAll(async () => {
    framed = await createTestApp({ web: 'production', env: { SPORTSBOOK_FRAME_SYSNAME: 'house-book' } });
  });
  afterAll(async () => {
    await framed?.close();
  });

  test('/bets/{path} frames the launcher with the path', async () => {
    const player = await framed.createPlayer();
    const page = await framed.app.inject({
      method: 'GET',
      url: '/bets/event/sr:match:1',
      headers: { cookie: player.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="sportsbook-frame"');
    expect(page.body).toContain(
      '/platform/game/house-book/play?mode=real&amp;lang=en&amp;path=%2Fevent%2Fsr%3Amatch%3A1',
    );
  });
});
