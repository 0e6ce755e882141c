/**
 * The registry of site sections (ADR 014): whether each area of the product has its pages yet.
 * General info publishes it as `site_sections`; the web drops every link, menu item, banner and
 * content link that leads into a section that is off, so the site never points at a 404 or an
 * empty page. The issue that builds a section's pages switches it on here, in the same change.
 */
import type { SiteSections } from '@croupier/contract/content/site-sections';

export const SITE_SECTION_STATE: Readonly<SiteSections> = Object.freeze({
  /** Sportsbook (`/betting`, `/bets/*`, `/profile/bets`), ADR 030, 031, 035. */
  sports: true,
  promotions: true,
  /** Tournaments (`/tournaments`, `/tournaments/{id}`, `/tournaments/{id}/gamehall`), ADR 036. */
  tournaments: true,
  /** Progressive jackpots (`/jackpots`, `/jackpots/{id}`, ADR 032). */
  jackpots: true,
  /** The player's offers page (`/offers`). */
  offers: true,
  /** Profile bonuses and cashback (`/profile/bonuses`, `/profile/cashback`). */
  bonuses: true,
  /** Loyalty club (`/loyalty`, `/loyalty/shop`, `/profile/loyalty`), ADR 033. */
  loyalty: true,
  support: true,
  /** The player's responsible-gaming tools (`/responsible-game`, `/profile/responsible-game`). */
  responsibleGaming: true,
  /** Identity verification (KYC) in the profile. */
  verification: true,
  /** Live dealer games in the hall: off while the catalogue holds none. */
  liveCasino: false,
});
