/**
 * /profile/responsible-game (spec §2, issue 15): loss and wager limits with what each window used
 * and leaves, the deposit limits (the cashier's form, embedded), and time-out / self-exclusion.
 * Every change refreshes the loader.
 */

import { DepositLimits } from '../features/cashier/deposit-limits.tsx';
import { RgExclusion } from '../features/responsible-gaming/rg-exclusion.tsx';
import { RgLimits } from '../features/responsible-gaming/rg-limits.tsx';
import { RgSessionSettings } from '../features/responsible-gaming/rg-session-settings.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-responsible-game';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [limits, depositLimit, session] = await Promise.all([
    orErrorPage(web.api.call('responsibleGaming.getLimits')),
    orErrorPage(web.api.call('account.getDepositLimit')),
    // Session time limit and reality checks (ADR 028).
    orErrorPage(web.api.call('responsibleGaming.getSession')),
  ]);
  return {
    limits,
    depositLimit,
    session,
    pageMeta: { title: i18nFor(locale).t('responsible-gaming:page.profileTitle') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileResponsibleGame({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('responsible-gaming');
  const { limits, depositLimit, session } = loaderData;
  return (
    <div className="flex min-w-0 flex-col gap-5" data-testid="responsible-gaming-page">
      <h1 className="sr-only">{t('page.profileTitle')}</h1>
      <RgLimits state={limits} />
      <DepositLimits limit={depositLimit} currency={limits.currency} />
      <RgSessionSettings state={session} />
      <RgExclusion running={limits.exclusion} />
    </div>
  );
}
