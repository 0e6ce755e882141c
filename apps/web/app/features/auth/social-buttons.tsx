/** One button per `auth-config.socialServices` entry (spec §7): opens the provider's popup. */
import type { AuthConfig } from '@croupier/contract/content/cms-config';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { isIconName } from '../../ui/icon-names.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { stripAuthPopupFlags } from './popup-flags.ts';
import { afterAuthTarget } from './return-target.ts';
import { startSocialLogin, type TypeAuth } from './social-login.ts';

export function SocialButtons({ config, typeAuth }: { config: AuthConfig; typeAuth: TypeAuth }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const locale = usePageLocale();
  const toasts = useToasts();
  if (!config.authTypes.includes('social') || config.socialServices.length === 0) return null;

  const start = (service: string) => {
    const opened = startSocialLogin({
      service,
      typeAuth,
      returnTo: afterAuthTarget(location.search, locale, window.location.origin),
      redirectPath: `${location.pathname}${stripAuthPopupFlags(location.search)}`,
      storage: window.sessionStorage,
      open: (url, target, features) => window.open(url, target, features),
      frame: window,
    });
    if (!opened) toasts.show({ kind: 'error', title: t('social.popupBlocked') });
  };

  return (
    <div className="flex flex-col gap-3" data-testid="social-buttons">
      <p className="flex items-center gap-3 text-xs font-semibold tracking-wider text-muted uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {t('social.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </p>
      <div className="grid gap-2 tablet:grid-cols-2">
        {config.socialServices.map((entry) => (
          <Button
            key={entry.service}
            variant="secondary"
            fullWidth
            iconStart={isIconName(entry.icon) ? entry.icon : 'globe'}
            onClick={() => start(entry.service)}
          >
            {t('social.continueWith', { name: entry.title })}
          </Button>
        ))}
      </div>
    </div>
  );
}
