/**
 * The in-house book as a framed sportsbook provider (ADR 035): the launch URL its games catalogue
 * entry names. The launcher sends `lang` and `path` (the page after /bets); this opens the
 * chrome-less copy of that betting page. The book uses the site's own session, so the launch
 * token is not needed here.
 */
import { redirect } from 'react-router';
import { framedBettingPath } from '../features/sportsbook/frame.ts';
import type { Route } from './+types/betting-frame-launch';

export function loader({ url }: Route.LoaderArgs) {
  throw redirect(framedBettingPath(url.searchParams.get('lang'), url.searchParams.get('path')));
}

export default function BettingFrameLaunch() {
  return null;
}
