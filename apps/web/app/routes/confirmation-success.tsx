/** /confirmation/success (spec §2): the contact is confirmed; on to the profile or the games. */
import { localizePath } from '@croupier/contract/locales';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import type { Route } from './+types/confirmation-success';

export function loader({ url }: Route.LoaderArgs) {
  return { pageMeta: { title: i18nFor(localeOfPath(url.pathname)).t('profile:confirmation.successTitle') } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ConfirmationSuccess() {
  const { t } = useTranslation('profile');
  const locale = usePageLocale();
  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-14 text-center tablet:py-20"
      data-testid="confirmation-success"
    >
      <span className="mb-6 inline-flex size-20 items-center justify-center rounded-full bg-accent/10 text-accent ring-1 ring-accent/30">
        <Icon name="check-circle" size="xl" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance tablet:text-3xl">
        {t('confirmation.successTitle')}
      </h1>
      <p className="mt-3 max-w-prose text-base leading-relaxed text-muted">{t('confirmation.successText')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 tablet:w-auto tablet:flex-row">
        <Button href={localizePath('/profile/settings', locale)} size="lg">
          {t('confirmation.toProfile')}
        </Button>
        <Button href={localizePath('/gamehall', locale)} variant="secondary" size="lg">
          {t('confirmation.toGames')}
        </Button>
      </div>
    </section>
  );
}
