/**
 * /forms/sign_in and /forms/sign_up (spec §2, empty layout). The forms arrive with player
 * accounts; until then the page says so plainly and leads back.
 */
import { localizePath } from '@croupier/contract/locales';
import { useTranslation } from 'react-i18next';
import { pathWithoutLocale } from '../lib/locale-paths.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import type { Route } from './+types/auth-form';

export function loader({ url }: Route.LoaderArgs) {
  const signUp = pathWithoutLocale(url.pathname) === '/forms/sign_up';
  return { signUp, pageMeta: {} };
}

export default function AuthForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages');
  const locale = usePageLocale();
  const title = loaderData.signUp ? t('auth.signUpTitle') : t('auth.signInTitle');
  return (
    <section className="flex flex-col items-center px-6 py-12 text-center tablet:px-12">
      <h1 className="text-2xl font-bold tracking-tight tablet:text-3xl">{title}</h1>
      <p className="mt-3 max-w-sm text-base leading-relaxed text-muted">{t('auth.notYet')}</p>
      <Button href={localizePath('/', locale)} variant="secondary" className="mt-8">
        {t('auth.backHome')}
      </Button>
    </section>
  );
}
