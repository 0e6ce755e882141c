/**
 * The identity-verification popup (spec §2): shown when a gate refuses for want of a verified
 * identity (SumsubVerificationRequiredException), leading to /profile/verification.
 */
import { localizePath } from '@croupier/contract/locales';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';

export const VERIFICATION_REQUIRED = 'SumsubVerificationRequiredException';

export function useVerificationPopup(): () => void {
  const { t } = useTranslation('verification');
  const dialogs = useDialogs();
  const locale = usePageLocale();
  return useCallback(() => {
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
  }, [dialogs, locale, t]);
}
