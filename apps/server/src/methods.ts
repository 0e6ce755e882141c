/**
 * Every bound API method, each module's handlers given the services they call; the dispatcher
 * refuses to start if a contract method is missing here.
 */
import type { BoundMethod } from './lib/method-binding.ts';
import { accountsMethods } from './modules/accounts/accounts.methods.ts';
import { authMethods } from './modules/accounts/auth.methods.ts';
import { bonusesMethods } from './modules/bonuses/bonuses.methods.ts';
import { campaignsMethods } from './modules/campaigns/campaigns.methods.ts';
import { cashbacksMethods } from './modules/cashbacks/cashbacks.methods.ts';
import { cashierMethods } from './modules/cashier/cashier.methods.ts';
import { bannersMethods } from './modules/cms/banners.methods.ts';
import { promotionsMethods } from './modules/cms/promotions.methods.ts';
import { eventsMethods } from './modules/events/events.methods.ts';
import { gamesMethods } from './modules/games/games.methods.ts';
import { jackpotsMethods } from './modules/jackpots/jackpots.methods.ts';
import { kycMethods } from './modules/kyc/kyc.methods.ts';
import { loyaltyMethods } from './modules/loyalty/loyalty.methods.ts';
import { metadataMethods } from './modules/metadata/metadata.methods.ts';
import { responsibleGamingMethods } from './modules/responsible-gaming/responsible-gaming.methods.ts';
import { rgSessionsMethods } from './modules/responsible-gaming/sessions.methods.ts';
import { sportsbookMethods } from './modules/sportsbook/sportsbook.methods.ts';
import { storageMethods } from './modules/storage/storage.methods.ts';
import { supportMethods } from './modules/support/support.methods.ts';
import { tournamentsMethods } from './modules/tournaments/tournaments.methods.ts';
import type { Services } from './services.ts';

export function boundMethods(services: Services): BoundMethod[] {
  const { accounts, sessions, loginThrottle } = services;
  return [
    ...metadataMethods({ metadata: services.metadata }),
    ...storageMethods({ storage: services.storage }),
    ...eventsMethods({ events: services.events }),
    ...bannersMethods({ cms: services.cms }),
    ...promotionsMethods({ cms: services.cms }),
    ...authMethods({
      accounts,
      sessions,
      loginThrottle,
      applyPromoCode: (playerId, code, locale) => services.campaigns.activateOffer(playerId, code, locale),
      // The landing that brought the new player (first touch, ADR 039).
      attribute: (playerId, visitKey) => services.tracking.attributeRegistration(playerId, visitKey),
    }),
    ...accountsMethods({ accounts, sessions }),
    ...cashierMethods({ cashier: services.cashier }),
    ...gamesMethods({ games: services.games }),
    ...bonusesMethods({ bonuses: services.bonuses }),
    ...cashbacksMethods({ cashbacks: services.cashbacks }),
    ...loyaltyMethods({ loyalty: services.loyalty }),
    ...jackpotsMethods({ jackpots: services.jackpots }),
    ...tournamentsMethods({ tournaments: services.tournaments }),
    ...campaignsMethods({ campaigns: services.campaigns }),
    ...responsibleGamingMethods({ responsibleGaming: services.responsibleGaming }),
    ...rgSessionsMethods({ rgSessions: services.rgSessions }),
    ...kycMethods({ kyc: services.kyc }),
    ...supportMethods({ support: services.support }),
    ...sportsbookMethods({ sportsbook: services.sportsbook }),
  ];
}
