/**
 * /responsible-game (spec §2, issue 15): the information page — what the responsible-gaming tools
 * are, the cooling-off rule, help organisations, and the way to the player's own limits. Spec §2/§6
 * keep it behind the guest guard (ADR 025); guests read the same subject on the public content
 * page /responsible-gaming that the footer links.
 */
import { localizePath } from '@croupier/contract/locales';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import type { Route } from './+types/responsible-game';

const TOOLS = ['deposit', 'loss', 'wager', 'timeout', 'selfExclusion'] as const;

/** Help organisations; the French one first on French pages. */
const ORGS = {
  begambleaware: 'https://www.begambleaware.org/',
  gamblersAnonymous: 'https://www.gamblersanonymous.org/',
  joueursInfo: 'https://www.joueurs-info-service.fr/',
} as const;

export async function loader({ url }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  return { pageMeta: { title: i18nFor(locale).t('responsible-gaming:page.infoTitle') } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ResponsibleGame() {
  const { t } = useTranslation('responsible-gaming');
  const locale = usePageLocale();
  const root = useRootData();
  const orgs = (Object.keys(ORGS) as (keyof typeof ORGS)[]).sort((a, b) =>
    locale === 'fr' ? Number(b === 'joueursInfo') - Number(a === 'joueursInfo') : 0,
  );
  return (
    <article
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 tablet:py-10"
      data-testid="responsible-game-info"
    >
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight tablet:text-3xl">{t('page.infoTitle')}</h1>
        <p className="leading-relaxed text-muted">{t('info.intro')}</p>
      </header>
      <section
        aria-labelledby="rg-tools"
        className="rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6"
      >
        <h2 id="rg-tools" className="mb-3 text-lg font-semibold">
          {t('info.toolsTitle')}
        </h2>
        <ul className="flex list-disc flex-col gap-2 ps-5 text-sm leading-relaxed">
          {TOOLS.map((tool) => (
            <li key={tool}>{t(`info.tools.${tool}`)}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm leading-relaxed text-muted">{t('info.rulesText')}</p>
        <div className="mt-4">
          <Button
            href={localizePath('/profile/responsible-game', locale)}
            size="sm"
            data-testid="rg-info-cta"
          >
            {root.isAuthenticated ? t('info.toProfile') : t('info.signIn')}
          </Button>
        </div>
      </section>
      <section
        aria-labelledby="rg-help"
        className="rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6"
      >
        <h2 id="rg-help" className="mb-3 text-lg font-semibold">
          {t('info.helpTitle')}
        </h2>
        <p className="mb-3 text-sm leading-relaxed text-muted">{t('info.helpText')}</p>
        <ul className="flex flex-col gap-2 text-sm">
          {orgs.map((org) => (
            <li key={org}>
              <a
                href={ORGS[org]}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-accent underline-offset-4 hover:underline"
              >
                {t(`info.orgs.${org}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
