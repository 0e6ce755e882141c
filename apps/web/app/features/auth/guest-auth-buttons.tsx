/**
 * "Sign in" / "Sign up" for a guest (header and side menu): links to the forms pages (so they work
 * before the page is interactive and in a new tab) that open the authentication popup instead
 * when the content config allows it (`popupFallbacks.authPopupEnabled`).
 */
import type { MouseEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useAuthEntry } from './auth-popup.tsx';

export function HeaderGuestButtons() {
  const { t } = useTranslation();
  const entry = useAuthEntry();
  return (
    <>
      <Button
        href={entry.href('login')}
        onClick={entry.onClick('login')}
        variant="secondary"
        size="sm"
        data-testid="sign-in"
      >
        {t('signIn')}
      </Button>
      <Button
        href={entry.href('register')}
        onClick={entry.onClick('register')}
        size="sm"
        className="max-tablet:hidden"
        data-testid="sign-up"
      >
        {t('signUp')}
      </Button>
    </>
  );
}

/** In the side-menu curtain: the curtain closes first, then the popup opens. */
export function MenuGuestButtons({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const entry = useAuthEntry();
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button
        href={entry.href('login')}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          entry.onClick('login', onNavigate)(event);
          if (!event.defaultPrevented) onNavigate();
        }}
        variant="secondary"
        size="sm"
      >
        {t('signIn')}
      </Button>
      <Button
        href={entry.href('register')}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          entry.onClick('register', onNavigate)(event);
          if (!event.defaultPrevented) onNavigate();
        }}
        size="sm"
      >
        {t('signUp')}
      </Button>
    </div>
  );
}
