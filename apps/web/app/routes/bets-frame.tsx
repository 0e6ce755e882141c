/**
 * /bets/{any path} (spec §2, ADR 035): a third-party sportsbook in a frame when one is configured
 * (SPORTSBOOK_FRAME_SYSNAME: its games catalogue entry, launched like a game, with the path after
 * /bets passed on); otherwise the in-house book at /betting.
 */
import { localizePath } from '@croupier/contract/locales';
import { redirect } from 'react-router';
import { frameSource } from '../features/sportsbook/frame.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/bets-frame';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const sysname = web.sportsbookFrameSysname;
  if (!sysname) throw redirect(localizePath('/betting', locale));
  return {
    src: frameSource(sysname, locale, params['*'] ?? ''),
    pageMeta: { title: i18nFor(locale).t('sportsbook:page.title') },
  };
}

export default function BetsFrame({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('sportsbook');
  return (
    <iframe
      src={loaderData.src}
      title={t('frame.title')}
      className="block h-[calc(100dvh-8rem)] w-full border-0"
      allow="fullscreen"
      data-testid="sportsbook-frame"
    />
  );
}
