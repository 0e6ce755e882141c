/**
 * The role matrix (issue #18): every back-office endpoint called by every staff role (and a
 * role-less account); only the roles written here succeed, every call by a signed-in staff member
 * leaves its audit row (done or failed when allowed, refused otherwise), and a refused call changes
 * nothing. The expected roles are spelled out here, not read from backoffice.roles.ts, so the test
 * checks the table rather than repeating it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../accounts/account-test-client.ts';
import { BACKOFFICE_ROLES, type BackofficeRole } from './backoffice.roles.ts';
import { createStaffAccount } from './backoffice.staff.ts';
import { createStaff, type TestStaff } from './staff-test-client.ts';

let h: TestApp;
const staff = new Map<BackofficeRole | 'none', TestStaff>();
let playerId: number;
let targetStaffId: number;
let counter = 0;
let deskProgramme: Record<string, unknown> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  url: () => string;
  body?: () => Record<string, unknown>;
  action: string;
  /** The roles that may call it (admin always may). */
  roles: BackofficeRole[];
  /** What an allowed call answers when not 200 (its audit row then says `failed`). */
  okStatus?: number;
  /** Puts the target back in the state the call expects (each allowed call changes it). */
  prepare?: () => Promise<void>;
}

/** The banners desk's fixture (ADR 052): one banner to read and edit, a fresh one for each delete. */
const bannerFixture = { id: 0, version: '', doomedId: 0, doomedVersion: '' };
const matrixBannerText = { title: 'Matrix', text: 'Banner', image: '/nfx/media/hero.webp' };
const matrixBanner = (key: string) => ({
  key,
  position: 'home_strip',
  priority: 0,
  texts: { en: matrixBannerText, fr: { ...matrixBannerText, title: 'Matrice' } },
});
async function bannerVersion(): Promise<void> {
  const desk = h.app.services.bannersDesk;
  if (bannerFixture.id === 0) bannerFixture.id = (await desk.create(matrixBanner('matrix-banner'))).id;
  bannerFixture.version = (await desk.get(BigInt(bannerFixture.id))).version;
}
async function doomedBanner(): Promise<void> {
  const made = await h.app.services.bannersDesk.create(matrixBanner(`matrix-doomed-${++counter}`));
  bannerFixture.doomedId = made.id;
  bannerFixture.doomedVersion = made.version;
}

const setPlayerStatus = (status: 'active' | 'banned') => async () => {
  await h.database.db.execute(sql`UPDATE players SET status = ${status} WHERE id = ${BigInt(playerId)}`);
};

/** The promotions desk's fixtures (ADR 048): made once, their current version read before each edit. */
const promo = { templateId: 0, offerId: 0, popupId: 0, version: '' };
const matrixTemplate = {
  kind: 'fixed',
  name: { en: 'Matrix ten', fr: 'Dix matrice' },
  description: { en: 'A bonus', fr: 'Un bonus' },
  amounts: { EUR: { fixed: '10.00' } },
  wagering_multiplier: 5,
  activation_days: 7,
  wagering_days: 7,
};
const matrixOffer = () => ({
  trigger: 'promo_code',
  title: { en: 'Matrix code', fr: 'Code matrice' },
  description: { en: 'An offer', fr: 'Une offre' },
  template_ids: [promo.templateId],
  starts_at: '2026-01-01T00:00:00Z',
});
const matrixPopup = {
  title: { en: 'Matrix', fr: 'Matrice' },
  content: { en: 'Hello', fr: 'Bonjour' },
  starts_at: '2026-01-01T00:00:00Z',
};
async function promoFixtures(): Promise<void> {
  if (promo.templateId !== 0) return;
  const { bonuses, campaigns } = h.app.services;
  const template = await bonuses.createStaffTemplate({
    key: 'matrix-fixture',
    kind: 'fixed',
    name: matrixTemplate.name,
    description: matrixTemplate.description,
    percent: null,
    amounts: {
      EUR: {
        capMinor: null,
        minDepositMinor: null,
        fixedMinor: 1000n,
        maxWinMinor: null,
        maxBetMinor: null,
        spinBetMinor: null,
      },
    },
    wageringMultiplier: 5,
    contributions: {},
    gameContributions: {},
    allowedGameTypes: [],
    allowedGames: [],
    activationDays: 7,
    wageringDays: 7,
    freespinGame: null,
    freespinCount: null,
    enabled: true,
  });
  promo.templateId = Number(template.id);
  const offer = await campaigns.createOffer({
    key: 'matrix-fixture',
    trigger: 'promo_code',
    title: matrixOffer().title,
    description: matrixOffer().description,
    firstDepositOnly: false,
    minDeposit: {},
    currencies: [],
    excludeMethods: [],
    templateIds: [template.id],
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: null,
    enabled: true,
  });
  promo.offerId = offer.id;
  const popup = await campaigns.createPopup({
    key: 'matrix-fixture',
    ...matrixPopup,
    offerId: null,
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: null,
    enabled: true,
  });
  promo.popupId = popup.id;
}
const promoVersion = (of: 'template' | 'offer' | 'popup') => async () => {
  await promoFixtures();
  const { bonuses, campaigns } = h.app.services;
  promo.version =
    of === 'template'
      ? (await bonuses.staffTemplate(BigInt(promo.templateId))).version
      : of === 'offer'
        ? (await campaigns.staffOffer(BigInt(promo.offerId))).version
        : (await campaigns.staffPopup(BigInt(promo.popupId))).version;
};
const MARKETING: BackofficeRole[] = ['marketing', 'admin'];
/** The sportsbook event the trading desk's endpoints act on (fed in beforeAll). */
const SB_EVENT = 'sr:match:matrix1';
const setHold = (marketKey: string, held: boolean) => async () => {
  await h.database.db.execute(
    sql`DELETE FROM sb_trader_holds WHERE event_id = ${SB_EVENT} AND market_key = ${marketKey}`,
  );
  if (held)
    await h.database.db.execute(sql`INSERT INTO sb_trader_holds (event_id, market_key, reason, staff, created_at)
      VALUES (${SB_EVENT}, ${marketKey}, 'matrix hold', 'matrix', now())`);
};
/** The 1x2 market unsettled (version `active.0.o`) or settled home-won (version `settled.1.o`). */
const setMarketSettled = (settled: boolean) => async () => {
  await h.database.db.execute(sql`DELETE FROM sb_trader_holds WHERE event_id = ${SB_EVENT}`);
  await h.database.db.execute(sql`UPDATE sb_markets SET status = ${settled ? 'settled' : 'active'},
    result_ts = ${settled ? 1 : 0} WHERE event_id = ${SB_EVENT} AND key = '1x2'`);
  await h.database.db.execute(sql`UPDATE sb_outcomes SET
    result = ${settled ? sql`CASE key WHEN 'home' THEN 'won' ELSE 'lost' END` : sql`NULL`},
    void_factor = ${settled ? '0' : null}, settled_at = ${settled ? sql`now()` : sql`NULL`}
    WHERE event_id = ${SB_EVENT} AND market_key = '1x2'`);
};

/** The marketing desks' fixtures (ADR 049): a tournament, a jackpot, the active loyalty programme. */
const desk = { tournament: 0, jackpot: 0, programme: 0, version: '' };
const HOUR = 3_600_000;
const deskTournament = () => ({
  name: { en: 'Matrix Cup', fr: 'Coupe matrice' },
  description: { en: '', fr: '' },
  starts_at: new Date(Date.now() + 24 * HOUR).toISOString(),
  ends_at: new Date(Date.now() + 48 * HOUR).toISOString(),
  currency: 'EUR',
  scoring: 'total_bet',
  entry: 'opt_in',
  prizes: [{ from: 1, to: 1, kind: 'cash', amount: '10.00' }],
  games: ['neon-reels'],
});
const deskJackpot = () => ({
  name: { en: 'Matrix Drop', fr: 'Drop matrice' },
  contribution_bp: 100,
  reserve_bp: 1000,
  seed: '10.00',
  ceiling: '100.00',
  games: ['neon-reels'],
});
/** A fresh tournament for each allowed cancel (a cancelled one stays cancelled). */
const freshTournament = async () => {
  const created = await h.app.services.tournaments.staffCreate({
    key: `matrix-cancel-${++counter}`,
    name: { en: 'Matrix Cup', fr: 'Coupe matrice' },
    currency: 'EUR',
    description: { en: '', fr: '' },
    startsAt: new Date(Date.now() + 24 * HOUR),
    endsAt: new Date(Date.now() + 48 * HOUR),
    scoring: 'total_bet',
    entry: 'opt_in',
    prizes: [],
    games: ['neon-reels'],
  });
  desk.tournament = created.id;
  desk.version = created.version;
};
const readVersion = (read: () => Promise<{ version: string }>) => async () => {
  desk.version = (await read()).version;
};

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    url: () => '/nfx/operator/players?q=matrix',
    action: 'players.search',
    roles: ['support', 'payments', 'risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/players/${playerId}`,
    action: 'players.view',
    roles: ['support', 'payments', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/notes`,
    body: () => ({ body: 'called about a bonus' }),
    action: 'players.add_note',
    roles: ['support', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/end-sessions`,
    action: 'players.end_sessions',
    roles: ['support', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/password-reset`,
    body: () => ({ reason: 'player lost access to the email' }),
    action: 'players.password_reset',
    roles: ['support', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/ban`,
    body: () => ({ reason: 'chargeback fraud' }),
    action: 'players.ban',
    roles: ['risk', 'admin'],
    prepare: setPlayerStatus('active'),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/unban`,
    body: () => ({ reason: 'cleared by review' }),
    action: 'players.unban',
    roles: ['risk', 'admin'],
    prepare: setPlayerStatus('banned'),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/adjustments`,
    body: () => ({
      amount: '1.00',
      currency: 'EUR',
      reason: 'goodwill gesture',
      idempotency_key: `matrix-${++counter}-key`,
    }),
    action: 'players.adjust_balance',
    roles: ['payments', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/withdrawals?status=pending',
    action: 'cashier.list_withdrawals',
    roles: ['payments', 'risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/deposits?q=${playerId}&status=succeeded`,
    action: 'cashier.search_deposits',
    roles: ['payments', 'risk', 'admin'],
  },
  {
    method: 'PUT',
    url: () => '/nfx/operator/cashier/settings',
    body: () => ({ kyc_block_enabled: false }),
    action: 'cashier.set_settings',
    roles: ['risk', 'admin'],
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/players/${playerId}/kyc-block`,
    body: () => ({ enabled: false }),
    action: 'cashier.set_player_kyc_block',
    roles: ['risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/affiliates/report?from=2026-01-01&to=2026-01-07',
    action: 'affiliates.report',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/content-manager/pages?limit=5',
    action: 'content.list',
    roles: ['content', 'admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/content-manager/redirects',
    body: () => ({
      data: {
        from_url: `/matrix-${++counter}`,
        to_url: '/promotions',
        status: 302,
        sort_order: 0,
        is_enabled: false,
      },
    }),
    action: 'content.create',
    roles: ['content', 'admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/content-manager/pages/preview',
    body: () => ({ data: { body_html: '<p>Bonjour</p>' } }),
    action: 'content.preview',
    roles: ['content', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/content-manager/config?locale=en',
    action: 'content.config_list',
    roles: ['content', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/content-manager/config/en/games-config',
    action: 'content.config_view',
    roles: ['content', 'admin'],
  },
  {
    // The version is stale (the epoch): an allowed call is audited and refused as stale, nothing written.
    method: 'PUT',
    url: () => '/nfx/content-manager/config/en/games-config',
    body: () => ({
      data: {
        document: {
          tournamentDisplay: { showParticipants: true, durationType: 'countdown', leaderImages: [] },
          gameListPageSize: 24,
        },
        updated_at: '1970-01-01T00:00:00.000Z',
      },
    }),
    action: 'content.config_update',
    roles: ['content', 'admin'],
    okStatus: 400,
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/domains',
    action: 'domains.list',
    roles: ['content', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/domains/%2A',
    action: 'domains.view',
    roles: ['content', 'admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/operator/domains',
    body: () => ({
      host: `matrix-${++counter}.casino.example`,
      canonical_url: null,
      sitemap_url: '/sitemap.xml',
      robots_rules: [{ userAgent: '*', allow: [], disallow: ['/matrix'] }],
      seo: { en: null, fr: null },
    }),
    action: 'domains.create',
    roles: ['content', 'admin'],
  },
  {
    // The version is stale (all zeros): an allowed call is audited and refused as stale, nothing written.
    method: 'PUT',
    url: () => '/nfx/operator/domains/%2A',
    body: () => ({
      version: '0'.repeat(24),
      canonical_url: null,
      sitemap_url: null,
      robots_rules: [],
      seo: { en: null, fr: null },
    }),
    action: 'domains.update',
    roles: ['content', 'admin'],
    okStatus: 400,
  },
  {
    // Never the * fallback: an allowed call is audited and refused, nothing deleted.
    method: 'DELETE',
    url: () => `/nfx/operator/domains/%2A?version=${'0'.repeat(24)}`,
    action: 'domains.delete',
    roles: ['content', 'admin'],
    okStatus: 400,
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/banners',
    action: 'banners.list',
    roles: ['content', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/banners/${bannerFixture.id}`,
    action: 'banners.view',
    roles: ['content', 'admin'],
    prepare: bannerVersion,
  },
  {
    method: 'POST',
    url: () => '/nfx/operator/banners',
    body: () => matrixBanner(`matrix-banner-${++counter}`),
    action: 'banners.create',
    roles: ['content', 'admin'],
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/banners/${bannerFixture.id}`,
    body: () => ({ ...matrixBanner('matrix-banner'), priority: ++counter, version: bannerFixture.version }),
    action: 'banners.update',
    roles: ['content', 'admin'],
    prepare: bannerVersion,
  },
  {
    method: 'DELETE',
    url: () => `/nfx/operator/banners/${bannerFixture.doomedId}?version=${bannerFixture.doomedVersion}`,
    action: 'banners.delete',
    roles: ['content', 'admin'],
    prepare: doomedBanner,
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/reports/daily?from=2026-01-01&to=2026-01-08',
    action: 'reports.daily',
    roles: ['payments', 'risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/kyc/reviews',
    action: 'kyc.queue',
    roles: ['risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/kyc/reviews/${playerId}`,
    action: 'kyc.view',
    roles: ['risk', 'admin'],
  },
  {
    // A player without an applicant: the allowed read is audited and answers not found.
    method: 'GET',
    url: () => '/nfx/operator/kyc/reviews/999999999/documents/1',
    action: 'kyc.read_document',
    roles: ['risk', 'admin'],
    okStatus: 404,
  },
  { method: 'GET', url: () => '/nfx/operator/offers', action: 'offers.list', roles: ['marketing', 'admin'] },
  {
    method: 'GET',
    url: () => '/nfx/operator/bonus-templates',
    action: 'bonus_templates.list',
    roles: MARKETING,
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/bonus-templates/${promo.templateId}`,
    action: 'bonus_templates.view',
    roles: MARKETING,
    prepare: promoFixtures,
  },
  {
    method: 'POST',
    url: () => '/nfx/operator/bonus-templates',
    body: () => ({ key: `matrix-${++counter}`, ...matrixTemplate }),
    action: 'bonus_templates.create',
    roles: MARKETING,
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/bonus-templates/${promo.templateId}`,
    body: () => ({ ...matrixTemplate, version: promo.version, activation_days: 1 + (++counter % 300) }),
    action: 'bonus_templates.update',
    roles: MARKETING,
    prepare: promoVersion('template'),
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/offers/${promo.offerId}`,
    action: 'offers.view',
    roles: MARKETING,
    prepare: promoFixtures,
  },
  {
    method: 'POST',
    url: () => '/nfx/operator/offers',
    body: () => ({ key: `matrix-${++counter}`, ...matrixOffer() }),
    action: 'offers.create',
    roles: MARKETING,
    prepare: promoFixtures,
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/offers/${promo.offerId}`,
    body: () => ({ ...matrixOffer(), version: promo.version, enabled: ++counter % 2 === 0 }),
    action: 'offers.update',
    roles: MARKETING,
    prepare: promoVersion('offer'),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/offers/${promo.offerId}/promo-codes`,
    body: () => ({ batch: { prefix: 'MX', count: 2 }, usage_limit: 1 }),
    action: 'promo_codes.create',
    roles: MARKETING,
    prepare: promoFixtures,
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/offers/${promo.offerId}/promo-codes`,
    action: 'promo_codes.list',
    roles: MARKETING,
    prepare: promoFixtures,
  },
  { method: 'GET', url: () => '/nfx/operator/popups', action: 'popups.list', roles: MARKETING },
  {
    method: 'GET',
    url: () => `/nfx/operator/popups/${promo.popupId}`,
    action: 'popups.view',
    roles: MARKETING,
    prepare: promoFixtures,
  },
  {
    method: 'POST',
    url: () => '/nfx/operator/popups',
    body: () => ({ key: `matrix-${++counter}`, ...matrixPopup }),
    action: 'popups.create',
    roles: MARKETING,
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/popups/${promo.popupId}`,
    body: () => ({
      ...matrixPopup,
      version: promo.version,
      content: { en: `Hello ${++counter}`, fr: 'Bonjour' },
    }),
    action: 'popups.update',
    roles: MARKETING,
    prepare: promoVersion('popup'),
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/sportsbook/events',
    action: 'sportsbook.events',
    roles: ['trader', 'risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}`,
    action: 'sportsbook.event',
    roles: ['trader', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}/suspend`,
    body: () => ({ reason: 'injury news' }),
    action: 'sportsbook.suspend_event',
    roles: ['trader', 'admin'],
    prepare: setHold('', false),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}/reopen`,
    action: 'sportsbook.reopen_event',
    roles: ['trader', 'admin'],
    prepare: setHold('', true),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}/markets/1x2/suspend`,
    body: () => ({ reason: 'suspicious volume' }),
    action: 'sportsbook.suspend_market',
    roles: ['trader', 'admin'],
    prepare: setHold('1x2', false),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}/markets/1x2/reopen`,
    body: () => ({}),
    action: 'sportsbook.reopen_market',
    roles: ['trader', 'admin'],
    prepare: setHold('1x2', true),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}/markets/1x2/preview`,
    body: () => ({ mode: 'settle', results: { home: 'won', draw: 'lost', away: 'lost' } }),
    action: 'sportsbook.preview',
    roles: ['trader', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}/markets/1x2/settle`,
    body: () => ({
      results: { home: 'won', draw: 'lost', away: 'lost' },
      reason: 'official result',
      version: 'active.0.o',
    }),
    action: 'sportsbook.settle',
    roles: ['trader', 'admin'],
    prepare: setMarketSettled(false),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/sportsbook/events/${SB_EVENT}/markets/1x2/resettle`,
    body: () => ({
      results: { home: 'lost', draw: 'won', away: 'lost' },
      reason: 'result corrected',
      version: 'settled.1.o',
    }),
    action: 'sportsbook.resettle',
    roles: ['trader', 'admin'],
    prepare: setMarketSettled(true),
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/tournaments',
    action: 'tournaments.list',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/tournaments/${desk.tournament}`,
    action: 'tournaments.view',
    roles: ['marketing', 'admin'],
    prepare: freshTournament,
  },
  {
    method: 'POST',
    url: () => '/nfx/operator/tournaments',
    body: () => ({ key: `matrix-cup-${++counter}`, ...deskTournament() }),
    action: 'tournaments.create',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/tournaments/${desk.tournament}`,
    body: () => ({ ...deskTournament(), version: desk.version }),
    action: 'tournaments.update',
    roles: ['marketing', 'admin'],
    prepare: freshTournament,
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/tournaments/${desk.tournament}/cancel`,
    body: () => ({ version: desk.version, reason: 'matrix cancel' }),
    action: 'tournaments.cancel',
    roles: ['marketing', 'admin'],
    prepare: freshTournament,
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/jackpots',
    action: 'jackpots.list',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/jackpots/${desk.jackpot}`,
    action: 'jackpots.view',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/operator/jackpots',
    body: () => ({ key: `matrix-drop-${++counter}`, currency: 'EUR', ...deskJackpot() }),
    action: 'jackpots.create',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/jackpots/${desk.jackpot}`,
    body: () => ({ ...deskJackpot(), enabled: true, version: desk.version }),
    action: 'jackpots.update',
    roles: ['marketing', 'admin'],
    prepare: readVersion(() => h.app.services.jackpots.staffGet(BigInt(desk.jackpot))),
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/loyalty/programmes',
    action: 'loyalty.list',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/loyalty/programmes/${desk.programme}`,
    action: 'loyalty.view',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/loyalty/programmes/${desk.programme}`,
    body: () => ({ ...deskProgramme, version: desk.version }),
    action: 'loyalty.update',
    roles: ['marketing', 'admin'],
    prepare: readVersion(() => h.app.services.loyalty.staffGet(BigInt(desk.programme))),
  },
  { method: 'GET', url: () => '/nfx/audit-log?limit=5', action: 'audit.search', roles: ['admin'] },
  { method: 'GET', url: () => '/nfx/users?limit=5', action: 'staff.list', roles: ['admin'] },
  {
    method: 'PUT',
    url: () => `/nfx/users/${targetStaffId}/role`,
    body: () => ({ role: 'support' }),
    action: 'staff.set_role',
    roles: ['admin'],
  },
  {
    method: 'DELETE',
    url: () => `/nfx/users/${targetStaffId}/mfa`,
    action: 'staff.reset_mfa',
    roles: ['admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/auth/local/register',
    body: () => ({
      username: `hire-${++counter}`,
      email: `hire-${counter}@croupier.test`,
      password: 'a long password 1',
    }),
    action: 'staff.create',
    roles: ['admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/users',
    body: () => ({ email: `invite-${++counter}@croupier.test`, role: 'support' }),
    action: 'staff.invite',
    roles: ['admin'],
  },
];

async function call(endpoint: Endpoint, who: TestStaff) {
  const body = endpoint.body?.();
  const response = await h.app.inject({
    method: endpoint.method,
    url: endpoint.url(),
    remoteAddress: `10.77.0.${(++counter % 200) + 1}`,
    headers: { authorization: `Bearer ${who.jwt}` },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.body };
}

async function lastAudit(): Promise<{
  action: string;
  outcome: string;
  staff_id: string | null;
  detail: string | null;
}> {
  const result = await h.database.db.execute<{
    action: string;
    outcome: string;
    staff_id: string | null;
    detail: string | null;
  }>(sql`SELECT action, outcome, staff_id::text, detail FROM staff_audit_log ORDER BY id DESC LIMIT 1`);
  return result.rows[0]!;
}

beforeAll(async () => {
  h = await createTestApp();
  for (const role of BACKOFFICE_ROLES)
    staff.set(role, await createStaff(h, role, { username: `matrix-${role}` }));
  // A role-less account (self-registered or demoted): reaches nothing.
  const roleless = await createStaff(h, 'support', { username: 'matrix-none', mfa: false });
  await h.database.db.execute(sql`UPDATE backoffice_users SET role = NULL WHERE id = ${roleless.id}`);
  staff.set('none', { ...roleless, role: 'support', jwt: roleless.jwt });
  const { user } = await createStaffAccount(h.database.db, {
    email: 'matrix-target@croupier.test',
    username: 'matrix-target',
    role: 'content',
    origin: 'http://casino.test',
    now: h.now(),
  });
  targetStaffId = Number(user.id);
  playerId = (await signUp(h.app, { currency: 'EUR', login: 'matrix-player@example.test' })).uid;
  await h.database.db.execute(
    sql`INSERT INTO kyc_applicants (player_id, applicant_id, status) VALUES (${BigInt(playerId)}, 'matrixapp1', 'pending')`,
  );
  desk.jackpot = (
    await h.app.services.jackpots.staffCreate({
      key: 'matrix-jackpot',
      name: { en: 'Matrix Drop', fr: 'Drop matrice' },
      currency: 'EUR',
      contributionBp: 100,
      reserveBp: 1000,
      seedMinor: 1_000n,
      ceilingMinor: 10_000n,
      games: ['neon-reels'],
    })
  ).id;
  const programme = (await h.app.services.loyalty.staffList()).find((p) => p.active)!;
  desk.programme = programme.id;
  const { id: _id, key: _key, version: _v, enabled: _e, active: _a, ...fields } = programme;
  deskProgramme = fields;
  const feed = (raw: unknown) => h.app.services.sportsbook.feed.receive(raw);
  const name = (en: string) => ({ en, fr: en });
  await feed({
    kind: 'fixture_change',
    product: 3,
    eventId: SB_EVENT,
    timestamp: Date.now() - 20_000,
    fixture: {
      sport: { key: 'football', name: name('Football') },
      category: { key: 'matrix-cat', name: name('Matrixland'), country: 'GB' },
      tournament: { key: 'matrix-league', name: name('Matrix League') },
      home: { key: 'matrix-home', name: name('Matrix Home') },
      away: { key: 'matrix-away', name: name('Matrix Away') },
      startTime: Date.now() + 3_600_000,
      status: 'not_started',
    },
  });
  await feed({
    kind: 'odds_change',
    product: 3,
    eventId: SB_EVENT,
    timestamp: Date.now() - 19_000,
    markets: [
      {
        key: '1x2',
        status: 'active',
        outcomes: [
          { key: 'home', oddsMilli: 2000, active: true },
          { key: 'draw', oddsMilli: 3000, active: true },
          { key: 'away', oddsMilli: 4000, active: true },
        ],
      },
    ],
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the role matrix', () => {
  afterAll(async () => {
    await setPlayerStatus('active')();
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.action}: only ${endpoint.roles.join(', ')}`, async () => {
      for (const role of [...BACKOFFICE_ROLES, 'none'] as const) {
        const who = staff.get(role)!;
        const allowed = role !== 'none' && endpoint.roles.includes(role);
        await endpoint.prepare?.();
        const answer = await call(endpoint, who);
        const audit = await lastAudit();
        expect(audit.action, `${role} → audit action`).toBe(endpoint.action);
        expect(audit.staff_id).toBe(String(who.id));
        if (allowed) {
          expect(answer.status, `${role} on ${endpoint.action}: ${answer.body}`).toBe(
            endpoint.okStatus ?? 200,
          );
          expect(audit.outcome).toBe(endpoint.okStatus ? 'failed' : 'done');
        } else {
          expect(answer.status, `${role} on ${endpoint.action}: ${answer.body}`).toBe(403);
          expect(audit).toMatchObject({ outcome: 'refused', detail: 'forbidden' });
        }
      }
    });
  }

  it('refuses a money role whose sign-in skipped the second factor, and writes that down', async () => {
    const clerk = await createStaff(h, 'payments', { username: 'matrix-no-mfa', mfa: false });
    const answer = await call(ENDPOINTS.find((e) => e.action === 'cashier.list_withdrawals')!, clerk);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { details: { code: 'mfa_required' } } });
    expect(await lastAudit()).toMatchObject({ outcome: 'refused', detail: 'mfa_required' });
  });

  it('left the ledger moved only by the allowed adjustments (payments and admin: 1.00 each)', async () => {
    const balance = await h.app.services.wallet.balanceMinor(BigInt(playerId), 'EUR');
    expect(balance).toBe(200n);
  });
});
