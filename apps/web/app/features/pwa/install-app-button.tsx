/**
 * "Install the app" (spec §4): shown only while the browser offers its install prompt (Chromium's
 * `beforeinstallprompt`) and the site is not already running as the installed app. The player
 * accepts or cancels in the browser's own dialog; a toast says what happened.
 */
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { type PwaState, usePwa } from './pwa-runtime.tsx';

export function InstallAppButton({ className }: { className?: string }) {
  const { canInstall, install, platformKind } = usePwa();
  if (!canInstall || platformKind !== 'default') return null;
  return <InstallPrompt className={className} install={install} />;
}

function InstallPrompt({
  className,
  install,
}: {
  className?: string | undefined;
  install: PwaState['install'];
}) {
  const { t } = useTranslation('pwa');
  const toasts = useToasts();
  const onClick = async () => {
    const outcome = await install();
    if (outcome === 'accepted') toasts.show({ kind: 'success', title: t('install.installed') });
    else if (outcome === 'dismissed') toasts.show({ kind: 'info', title: t('install.dismissed') });
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      onClick={() => void onClick()}
      data-testid="install-app"
    >
      {t('install.button')}
    </Button>
  );
}
