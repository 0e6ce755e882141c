/**
 * The service container: one instance of each module's service, built once at boot. Modules reach
 * each other only through these services, given to each service's factory by name. Handlers never
 * see the container: methods.ts gives each module's handlers the services they call (ADR 018).
 */
import type { Deps } from './deps.ts';
import {
  createAccountsService,
  playerLocaleSql,
  playerStatusSql,
} from './modules/accounts/accounts.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createSessionSpans, currentSessionStartSql } from './modules/auth/session-spans.ts';
import { createBackofficeService } from './modules/backoffice/backoffice.service.ts';
import { createPlayersDesk } from './modules/backoffice/players.service.ts';
import { createBonusesService, maxBetSql } from './modules/bonuses/bonuses.service.ts';
import { createGrantInTransaction, createTemplateSummaries } from './modules/bonuses/grant-in-transaction.ts';
import {
  createCampaignsService,
  DEPOSIT_OFFER_TASK,
  SIGN_UP_CODE_DEPOSIT_TASK,
} from './modules/campaigns/campaigns.service.ts';
import { CASHBACK_CONSUMER } from './modules/cashbacks/cashback-consumer.ts';
import { createCashbacksService } from './modules/cashbacks/cashbacks.service.ts';
import { createCashierService } from './modules/cashier/cashier.service.ts';
import { createBannersDesk } from './modules/cms/banners-desk.ts';
import { createCmsService } from './modules/cms/cms.service.ts';
import { createContentManager } from './modules/cms/content-manager.ts';
import { createDomainsDesk } from './modules/cms/domains-desk.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { createGamesService } from './modules/games/games.service.ts';
import { createGameWalletService } from './modules/gamewallet/gamewallet.service.ts';
import { createJackpotsService } from './modules/jackpots/jackpots.service.ts';
import { createKycService } from './modules/kyc/kyc.service.ts';
import { createLoyaltyService } from './modules/loyalty/loyalty.service.ts';
import { createMetadataService } from './modules/metadata/metadata.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPushService } from './modules/push/push.service.ts';
import { createResponsibleGamingService } from './modules/responsible-gaming/responsible-gaming.service.ts';
import { createRgSessionsService } from './modules/responsible-gaming/sessions.service.ts';
import { createSocialService } from './modules/social/social.service.ts';
import { createSportsbookService } from './modules/sportsbook/sportsbook.service.ts';
import { createStorageService } from './modules/storage/storage.service.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { createTournamentsService, TOURNAMENT_CONSUMER } from './modules/tournaments/tournaments.service.ts';
import { createTrackingService } from './modules/tracking/tracking.service.ts';
import { createWagersService } from './modules/wagers/wagers.service.ts';
import { type BonusMoves, bonusMoves } from './modules/wallet/bonus-moves.ts';
import { type CashbackMoves, cashbackMoves } from './modules/wallet/cashback-moves.ts';
import { jackpotMoves } from './modules/wallet/jackpot-moves.ts';
import { tournamentMoves } from './modules/wallet/tournament-moves.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { sportsbookCredentials } from './provider-credentials.ts';

export function createServices(deps: Deps) {
  const sessions = createSessionService(deps, {
    player: { status: playerStatusSql, locale: playerLocaleSql },
  });
  const metadata = createMetadataService(deps);
  // Content writes drop every node's cached reads and pages (ADR 043): the push bus carries it.
  const cms = createCmsService(deps, { changed: () => push.invalidate('content') });
  // Real-time push (ADR 037): balances come from the ledger's commit signal; modules publish their
  // own events (notices, bonus and cashback moves below) in their transactions.
  const push = createPushService(deps, {
    balances: (playerId) => accounts.getBalance(playerId),
    jackpotAmounts: async () =>
      (await jackpots.list({}, 'en')).items.map((item) => ({
        id: item.id,
        amount: item.amount,
        currency: item.currency,
      })),
  });
  push.onInvalidate('content', () => {
    cms.dropCaches();
    metadata.dropCache();
  });
  // Marketing mail skips players in a time-out or self-exclusion (ADR 029; reached when mail goes).
  const notifications = createNotificationsService(deps, {
    marketingAllowed: (playerId) => responsibleGaming.mayReceiveMarketing(playerId),
  });
  // Support (ADR 027) owns the players' notices; KYC and responsible gaming post theirs through it.
  const support = createSupportService(deps, {
    notifications,
    playerLogin: async (playerId) => (await accounts.getInfo(playerId, 'en')).login,
    noticePosted: async (playerId, kind, tx) => {
      if (tx) await push.publish(playerId, 'notice', { kind }, { tx });
      // Already committed: a lost push costs a badge update, never the notice.
      else
        await push
          .publish(playerId, 'notice', { kind })
          .catch((error: unknown) => deps.log.error({ err: error }, 'push: notice not published'));
    },
  });
  const wallet = createWalletService(deps, { metadata });
  // Identity verification (ADR 026): account info shows where the player's review stands; a
  // review's end posts the player a notice (support's notices, ADR 029).
  const kyc = createKycService(deps, {
    postNotice: (tx, playerId, kind) =>
      support.postNotice(playerId, kind, { tx, link: '/profile/verification' }),
  });
  const accounts = createAccountsService(deps, {
    sessions,
    notifications,
    metadata,
    cms,
    wallet,
    verification: (playerId) => kyc.verificationOf(playerId),
    // A character chosen at sign-up must exist (loyalty is built below, reached at sign-up time).
    characterExists: (id) => loyalty.characterExists(id),
  });
  const social = createSocialService(deps, { sessions, accounts });
  // Deposit offers (ADR 021): the cashier checks them through campaigns (built below, reached only
  // when a deposit comes) and enqueues DEPOSIT_OFFER_TASK in the credit transaction.
  const cashier = createCashierService(deps, {
    wallet,
    accounts,
    cms,
    metadata,
    depositOffers: {
      check: (input) => campaigns.checkDepositOffer(input),
      creditedTask: DEPOSIT_OFFER_TASK,
      signUpCodePending: (playerId) => campaigns.signUpCodePending(playerId),
      signUpCodeTask: SIGN_UP_CODE_DEPOSIT_TASK,
    },
    // A player in a time-out or self-exclusion may only withdraw (ADR 025).
    depositGate: (playerId) => responsibleGaming.assertNotExcluded(playerId),
    // A waiting deposit-limit increase applied posts a notice (ADR 029).
    postNotice: (tx, playerId, kind, link) => support.postNotice(playerId, kind, { tx, link }),
    // A high fraud score holds a withdrawal for review (ADR 039); tracking is built below.
    withdrawalRisk: (playerId) => tracking.withdrawalRisk(playerId),
    // A withdrawal resets the player's scores in reset-on-cashout tournaments (ADR 036).
    withdrawalRequested: (tx, playerId, currency) => tournaments.withdrawalRequested(tx, playerId, currency),
  });
  // The wager stream (ADR 019): the game wallet appends to it inside its money transactions;
  // consumers register on it at boot.
  const wagers = createWagersService(deps);
  // Responsible gaming (ADR 025): loss and wager limits and exclusions, checked in the bet path below.
  const responsibleGaming = createResponsibleGamingService(deps, {
    playerCurrency: async (playerId, locale) => (await accounts.getInfo(playerId, locale)).currency,
    endSessions: async (playerId) => {
      await sessions.revokeAllForPlayer(playerId, 'logout');
    },
    // Exclusions starting and ending and waiting limit changes applied post notices (ADR 029).
    postNotice: (tx, playerId, kind, link) => support.postNotice(playerId, kind, { tx, link }),
    // A game bet's session limit (ADR 028) and a bet's bonus max bet (ADR 020) are read in the same
    // statement as its limits (ADR 070).
    sessionStartSql: currentSessionStartSql,
    maxBetSql,
  });
  // Session time (ADR 028): the session limit (checked in the bet path below), reality checks and
  // the previous session, from auth's session spans and the wager stream.
  const rgSessions = createRgSessionsService(deps, {
    playerCurrency: async (playerId, locale) => (await accounts.getInfo(playerId, locale)).currency,
    sessionSpans: createSessionSpans(deps.db, deps.now),
    stakesAndWins: (playerId, currency, since) => wagers.playerStakesAndWins(playerId, currency, since),
  });
  const gameWallet = createGameWalletService(deps, {
    wallet,
    metadata,
    // Responsible-gaming limits and exclusions (ADR 025) first, then the bonus max bet (ADR 020),
    // read in one statement (ADR 070): a refused bet writes nothing, before money moves.
    checkBet: responsibleGaming.checkGameBet,
    // Sports stakes (ADR 031): the same limits, with the betting bonus's max bet.
    checkSportBet: responsibleGaming.checkSportBet,
    // An excluded player opens no real-money game (ADR 025); demo play stays open.
    realPlayGate: async (playerId) => {
      await responsibleGaming.assertNotExcluded(playerId);
      await rgSessions.assertWithinSessionLimit(playerId);
    },
    // Free rounds (ADR 024): a free round's win grows the pack's bonus; the pack's end moves it on.
    freeRounds: {
      won: (tx, packId, winMinor) => bonuses.freeRoundWon(tx, packId, winMinor),
      ended: (tx, packId) => bonuses.freeRoundsEnded(tx, packId),
    },
  });
  const games = createGamesService(deps, {
    gameWallet,
    accounts,
    // The tournament game hall (ADR 036): tournaments is built below and reached only on a call.
    tournamentGameIds: (id) => tournaments.gameIdsOf(id),
    // Big wins go out on every push stream, guests' too (ADR 037).
    publishBigWin: async (tx, win) => {
      await push.publishPublic('big_win', win, { tx });
    },
  });
  // A bonus or cashback that moved money tells the player's pages in the same transaction (ADR 037).
  const pushedBonusMoves: BonusMoves = {
    ...bonusMoves,
    async fund(tx, target, amountMinor, cycle) {
      await bonusMoves.fund(tx, target, amountMinor, cycle);
      await push.publish(target.playerId, 'bonus', { id: Number(target.bonusId) }, { tx });
    },
    async unfund(tx, target, amountMinor, cycle) {
      await bonusMoves.unfund(tx, target, amountMinor, cycle);
      await push.publish(target.playerId, 'bonus', { id: Number(target.bonusId) }, { tx });
    },
    async burn(tx, target) {
      const burnt = await bonusMoves.burn(tx, target);
      await push.publish(target.playerId, 'bonus', { id: Number(target.bonusId) }, { tx });
      return burnt;
    },
    async convert(tx, target, maxWinMinor) {
      const result = await bonusMoves.convert(tx, target, maxWinMinor);
      await push.publish(target.playerId, 'bonus', { id: Number(target.bonusId) }, { tx });
      return result;
    },
  };
  const pushedCashbackMoves: CashbackMoves = {
    async payout(tx, target, amountMinor) {
      await cashbackMoves.payout(tx, target, amountMinor);
      await push.publish(target.playerId, 'cashback', { id: Number(target.cashbackId) }, { tx });
    },
  };
  // Bonus money moves through the wallet's bonus moves (modules/wallet/bonus-moves.ts).
  // An excluded player gets no bonus and activates none (ADR 025), checked in the grant's transaction.
  const bonuses = createBonusesService(deps, {
    bonusMoves: pushedBonusMoves,
    games,
    playerGate: (tx, playerId) => responsibleGaming.assertNotExcluded(playerId, tx),
  });
  // Wagering progress is a consumer of the stream (ADR 019); consumers register before the queue starts.
  wagers.registerConsumer(bonuses.wageringConsumer);
  // Cashback accrual is a consumer too (ADR 022); a period closes once its events are all applied.
  const cashbacks = createCashbacksService(deps, {
    cashbackMoves: pushedCashbackMoves,
    oldestUnappliedAt: async () => {
      const row = (await wagers.lag()).find((r) => r.consumer === CASHBACK_CONSUMER);
      if (!row || row.oldestUnappliedAgeSeconds === null) return null;
      return new Date(deps.now().getTime() - (row.oldestUnappliedAgeSeconds + 1) * 1000);
    },
  });
  wagers.registerConsumer(cashbacks.accrualConsumer);
  // Loyalty points (ADR 033): earned by a consumer of the stream; the shop grants promotions
  // through the bonuses module inside the purchase's transaction. Excluded players earn and buy nothing.
  const loyalty = createLoyaltyService(deps, {
    grantInTx: createGrantInTransaction(deps, (tx, playerId) =>
      responsibleGaming.assertNotExcluded(playerId, tx),
    ),
    templateIdByKey: (key) => bonuses.templateIdByKey(key),
    playerCurrency: async (playerId) => (await accounts.getInfo(playerId, 'en')).currency,
    excluded: async (playerId, tx) => (await responsibleGaming.activeExclusion(playerId, tx)) !== null,
    assertNotExcluded: (playerId, tx) => responsibleGaming.assertNotExcluded(playerId, tx),
    gameTypes: async (ids) => {
      const found = await games.gameTypesByIds(ids);
      return new Map([...found].map(([id, game]) => [id, game.type]));
    },
    signUpCharacter: (playerId) => accounts.signUpCharacter(playerId),
  });
  wagers.registerConsumer(loyalty.pointsConsumer);
  // Jackpot contributions and drops are a consumer too (ADR 032); pools live in the ledger.
  const jackpots = createJackpotsService(deps, {
    jackpotMoves,
    gamesBySysnames: async (sysnames) => {
      const found = await Promise.all(sysnames.map((sysname) => games.findGame({ sysname })));
      return found.flatMap((game) =>
        game ? [{ id: game.id, sysname: game.sysname, name: game.name, imageUrl: game.imageUrl }] : [],
      );
    },
    gamesByIds: (ids) => games.summariesByIds(ids),
    publicNames: (playerIds) => accounts.publicNames(playerIds),
  });
  wagers.registerConsumer(jackpots.accrualConsumer);
  wagers.registerConsumer(games.bigWinsConsumer);
  // Tournament scores are a consumer too (ADR 036); buy-ins and cash prizes move through the
  // ledger, bonus and free-spin prizes through the bonuses module in the settlement's transaction.
  const tournaments = createTournamentsService(deps, {
    tournamentMoves,
    gamesBySysnames: async (sysnames) => {
      const found = await Promise.all(sysnames.map((sysname) => games.findGame({ sysname })));
      return found.flatMap((game) =>
        game ? [{ id: game.id, sysname: game.sysname, name: game.name, imageUrl: game.imageUrl }] : [],
      );
    },
    gamesByIds: (ids) => games.summariesByIds(ids),
    publicNames: (playerIds) => accounts.publicNames(playerIds),
    playerCurrency: async (playerId) => (await accounts.getInfo(playerId, 'en')).currency,
    assertNotExcluded: (playerId, tx) => responsibleGaming.assertNotExcluded(playerId, tx),
    grantInTx: createGrantInTransaction(deps, (tx, playerId) =>
      responsibleGaming.assertNotExcluded(playerId, tx),
    ),
    templateIdByKey: (key) => bonuses.templateIdByKey(key),
    awardLoyaltyPoints: async (tx, playerId, points, key) => {
      await loyalty.awardPoints(tx, playerId, points, key);
    },
    oldestUnappliedAt: async () => {
      const row = (await wagers.lag()).find((r) => r.consumer === TOURNAMENT_CONSUMER);
      if (!row || row.oldestUnappliedAgeSeconds === null) return null;
      return new Date(deps.now().getTime() - (row.oldestUnappliedAgeSeconds + 1) * 1000);
    },
  });
  wagers.registerConsumer(tournaments.scoreConsumer);
  // A score that moved reaches the player's open pages (ADR 037), which re-read the leaderboard
  // (the hint may come from a batch that then rolled back: the page reads what was committed).
  tournaments.onRankChanged((changes) => {
    for (const change of changes) {
      push
        .publish(change.playerId, 'tournament', { id: Number(change.tournamentId) })
        .catch((error: unknown) => deps.log.warn({ err: error }, 'tournament push failed'));
    }
  });
  // Offers and promo codes (ADR 021): grants in the campaigns' own transactions.
  const campaigns = createCampaignsService(deps, {
    grantInTx: createGrantInTransaction(deps, (tx, playerId) =>
      responsibleGaming.assertNotExcluded(playerId, tx),
    ),
    templateSummaries: createTemplateSummaries(deps),
    templateIdByKey: (key) => bonuses.templateIdByKey(key),
    playerCurrency: async (playerId, locale) => (await accounts.getInfo(playerId, locale)).currency,
    hasCreditedDeposit: (playerId) => cashier.hasSucceededDeposit(playerId),
    signUpPromoCode: (playerId) => accounts.signUpPromoCode(playerId),
    imageNameMapping: (locale) => cms.imageNameMapping(locale),
  });
  // Affiliate tracking and fraud scoring (ADR 039): the report reads deposits and play through
  // the cashier's and the wager stream's services.
  const tracking = createTrackingService(deps, {
    creditedDeposits: (playerIds, from, before) => cashier.creditedDeposits(playerIds, from, before),
    dailyRealTotals: (playerIds, from, before) => wagers.dailyRealTotals(playerIds, from, before),
    exponentOf: (currency) => wallet.exponentOf(currency),
  });
  // The sportsbook's wallet sessions name its game (`sportsbook`, out of the lobby), made once.
  const sportsbook = sportsbookCredentials(deps.config);
  let sportsbookGame: Promise<bigint> | null = null;
  const sportsbookGameId = () => {
    sportsbookGame ??= games
      .ensureHiddenWalletGame({
        providerSysname: 'croupier-sportsbook',
        providerName: 'Croupier Sportsbook',
        walletProvider: sportsbook.providerId,
        launchUrl: '/betting',
        gameSysname: 'sportsbook',
        gameName: 'Sportsbook',
        description: { en: 'Sports betting', fr: 'Paris sportifs' },
      })
      .catch((error: unknown) => {
        sportsbookGame = null;
        throw error;
      });
    return sportsbookGame;
  };
  // The in-house sportsbook (ADR 030, 034): its feed, catalogue and bets; a provider with its own
  // tables, reaching player money only through signed wallet API calls (ADR 031).
  // A content write (pages, domains, banners) drops every node's cached content and pages (ADR 043).
  const contentChanged = async () => {
    cms.dropCaches();
    await push.invalidate('content');
  };
  const sportsbookBook = createSportsbookService(deps, {
    walletSecret: sportsbook.secret,
    walletCall: (call) => gameWallet.handleCall({ provider: sportsbook.providerId, ...call }),
    openSession: async (playerId, currency) => {
      const session = await gameWallet.openSession({
        playerId,
        gameId: await sportsbookGameId(),
        provider: sportsbook.providerId,
        mode: 'real',
        currency,
      });
      return session.token;
    },
    playerCurrency: async (playerId) => (await accounts.getInfo(playerId, 'en')).currency,
    exponentOf: (currency) => wallet.exponentOf(currency),
  });

  return {
    push,
    sessions,
    loginThrottle: createLoginThrottle(deps),
    metadata,
    storage: createStorageService(deps),
    events: createEventsService(deps),
    cms,
    notifications,
    wallet,
    accounts,
    social,
    cashier,
    gameWallet,
    wagers,
    games,
    bonuses,
    cashbacks,
    loyalty,
    jackpots,
    tournaments,
    campaigns,
    responsibleGaming,
    rgSessions,
    backoffice: createBackofficeService(deps, { mailer: notifications }),
    // The content service's generic wrappers for content staff (spec §7): a write drops every
    // node's cached content and pages (ADR 043).
    contentManager: createContentManager(deps.db, {
      changed: contentChanged,
    }),
    // Content's domains desk (ADR 053): robots.txt, canonical, sitemap and SEO per domain; a write
    // drops every node's cached domains and pages the same way.
    domainsDesk: createDomainsDesk(deps.db, {
      changed: contentChanged,
    }),
    // The banners desk (ADR 052): a write drops every node's cached content, as above.
    bannersDesk: createBannersDesk(deps.db, {
      now: deps.now,
      changed: contentChanged,
    }),
    // The back office's players desk (issue #18): other modules' data through their services.
    playersDesk: createPlayersDesk(deps, {
      accounts,
      wallet,
      transactions: (playerId, page) => cashier.history(playerId, { ...page, type: 'all' }),
      verification: (playerId) => kyc.verificationOf(playerId),
      exclusion: (playerId) => responsibleGaming.activeExclusion(playerId),
      bonuses: (playerId, count, locale) => bonuses.list(playerId, { offset: 0, count }, locale),
      bets: (playerId, count, locale) => sportsbookBook.bets.getBets(playerId, { offset: 0, count }, locale),
      rounds: (playerId, count) => games.history(playerId, { offset: 0, count }),
      limits: (playerId, locale) => responsibleGaming.getLimits(playerId, locale),
    }),
    kyc,
    support,
    sportsbook: sportsbookBook,
    tracking,
  };
}

export type Services = ReturnType<typeof createServices>;
