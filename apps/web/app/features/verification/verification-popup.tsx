/**
 * The identity-verification popup (spec §2): shown when a gate refuses for want of a verified
 * identity (SumsubVerificationRequiredException), leading to /profile/verification.
 */
import { localizePath } from '@croupier/contract/locales';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { useOptionalDialogs } from '../../ui/dialogs.tsx';

export const VERIFICATION_REQUIRED = 'SumsubVerificationRequiredException';

/** Opens the popup; false where no dialog host is rendered (the caller shows its own message). */
export function useVerificationPopup(): () => boolean {
  const { t } = useTranslation('verification');
  const dialogs = useOptionalDialogs();
  const locale = usePageLocale();
  return useCallback(() => {
    if (!dialogs) return false;
    dialogs.open({
      title: t('popup.title'),
      size: 'sm',
      content: (dialog) => (
        <div data-testid="verification-popup">
          <p className="text-sm leading-relaxed text-muted">{t('popup.text')}</p>
          <div className="mt-6 flex flex-col gap-2">
            <Button
              href={localizePath('/profile/verification', locale)}
              fullWidth
              onClick={() => dialog.close({ force: true })}
            >
              {t('popup.go')}
            </Button>
            <Button variant="ghost" fullWidth onClick={() => dialog.close()}>
              {t('popup.later')}
            </Button>
          </div>
        </div>
      ),
    });
    return true;
  }, [dialogs, locale, t]);
}
