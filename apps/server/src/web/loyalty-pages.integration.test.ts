/**
 * The loyalty pages on the real server, database and demo seed (requires `npm run build`): the
 * programme and shop for guests and players, the profile area for players only, in both languages,
 * and the points in the user menu's data (ADR 033). This is what switching the section on rests on.
 */
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

describe('loyalty pages', () => {
  test('/loyalty shows the programme to a guest, in English and French', async () => {
    const en = await get('/loyalty');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Croupier Club');
    expect(en.body).toContain('Platinum');
    expect(en.body).toContain('Sign in to earn coins.');
    const fr = await get('/fr/loyalty');
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('Club Croupier');
    expect(fr.body).toContain('Platine');
    expect(fr.body).toContain('href="/fr/loyalty/shop"');
  });

  test('/loyalty/{sysname} shows that programme; an unknown one is a 404 page', async () => {
    const page = await get('/loyalty/croupier-club');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Croupier Club');
    const missing = await get('/fr/loyalty/nope');
    expect(missing.statusCode).toBe(404);
  });

  test('/loyalty/shop lists the four products; a player gets buy buttons and their points', async () => {
    const guest = await get('/loyalty/shop');
    expect(guest.statusCode).toBe(200);
    expect(guest.body.match(/data-testid="loyalty-product"/g)).toHaveLength(4);
    expect(guest.body).not.toContain('data-testid="loyalty-buy"');
    const player = await harness.createPlayer();
    const mine = await get('/fr/loyalty/shop', { cookie: player.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Boutique fidélité');
    expect(mine.body.match(/data-testid="loyalty-buy"/g)).toHaveLength(4);
    expect(mine.body).toContain('0 jetons');
  });

  test('/profile/loyalty is for players: points, level and the characters', async () => {
    const guest = await get('/profile/loyalty');
    expect(guest.statusCode).toBe(302);
    const player = await harness.createPlayer();
    const page = await get('/profile/loyalty', { cookie: player.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="profile-loyalty"');
    expect(page.body).toContain('Level Bronze');
    expect(page.body).toContain('0 of 500 to Silver');
    expect(page.body.match(/data-testid="loyalty-choose"/g)).toHaveLength(4);
    const fr = await get('/fr/profile/loyalty', { cookie: player.cookie });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('Votre personnage');
  });
});
