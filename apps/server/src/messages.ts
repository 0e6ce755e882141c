/**
 * The server's one message registry: every catalogue, registered once (like services.ts and
 * methods.ts). The edges translate an AppError's key here; a key defined twice fails at boot.
 */
import { errorMessages } from './lib/error-messages.ts';
import { createMessageRegistry } from './lib/messages.ts';
import { accountTexts } from './modules/accounts/accounts.messages.ts';
import { backofficeTexts } from './modules/backoffice/backoffice.messages.ts';
import { bonusesTexts } from './modules/bonuses/bonuses.messages.ts';
import { campaignsTexts } from './modules/campaigns/campaigns.messages.ts';
import { cashbacksTexts } from './modules/cashbacks/cashbacks.messages.ts';
import { cashierTexts } from './modules/cashier/cashier.messages.ts';
import { promotionsTexts } from './modules/cms/promotions.messages.ts';
import { jackpotsTexts } from './modules/jackpots/jackpots.messages.ts';
import { loyaltyTexts } from './modules/loyalty/loyalty.messages.ts';
import { responsibleGamingTexts } from './modules/responsible-gaming/responsible-gaming.messages.ts';
import { socialTexts } from './modules/social/social.messages.ts';
import { supportTexts } from './modules/support/support.messages.ts';
import { tournamentsTexts } from './modules/tournaments/tournaments.messages.ts';

export const messages = createMessageRegistry([
  errorMessages,
  accountTexts,
  cashierTexts,
  socialTexts,
  bonusesTexts,
  cashbacksTexts,
  loyaltyTexts,
  jackpotsTexts,
  tournamentsTexts,
  campaignsTexts,
  backofficeTexts,
  promotionsTexts,
  responsibleGamingTexts,
  supportTexts,
]);
