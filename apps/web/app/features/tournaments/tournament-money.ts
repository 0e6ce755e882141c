/** Tournament amounts (decimal strings of a currency) in the site's money format. */
export { useJackpotMoney as useTournamentMoney } from '../jackpots/jackpot-money.ts';
