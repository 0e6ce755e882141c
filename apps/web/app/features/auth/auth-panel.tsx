/**
 * The authentication panel shared by the popup and the `/forms/sign_*` pages (spec §2): a
 * registration tab and an authorization tab, social sign-in under the forms, and the operator's
 * auth banner. The tabs follow the WAI-ARIA tabs pattern (arrow keys move between them).
 */
import { type KeyboardEvent, useId, useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { AuthRootData } from '../../lib/root-data.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { cx } from '../../ui/class-names.ts';
import type { MessageContext } from './form-validation.ts';
import { LoginPanel, type LoginPanelProps } from './login-panel.tsx';
import type { AuthTab } from './popup-flags.ts';
import { RegistrationForm } from './registration-form.tsx';
import { SocialButtons } from './social-buttons.tsx';

const TABS: readonly AuthTab[] = ['register', 'login'];

export interface AuthPanelProps
  extends Pick<LoginPanelProps, 'restoreToken' | 'restoreLinkInvalid' | 'onRestoreDone'> {
  auth: AuthRootData;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** Show the operator's auth banner above the tabs (the popup does; the pages have their own heading). */
  showBanner?: boolean;
}

/**
 * The operator's auth banner (spec §3 `authBanner`): its text over its picture. The popup shows the
 * banner's title as the dialog's own heading, so only the text is repeated here.
 */
export function AuthBanner({ banner }: { banner: NonNullable<AuthRootData['authBanner']> }) {
  return (
    <div className="relative overflow-hidden rounded-2xl border border-border bg-raised">
      <img
        src={banner.image}
        alt=""
        loading="lazy"
        className="absolute inset-y-0 end-0 h-full w-3/5 object-cover object-right"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-r from-raised from-45% via-raised/85 to-raised/10"
      />
      <p className="relative max-w-[19rem] px-4 py-3.5 text-sm leading-snug text-text/90">{banner.text}</p>
    </div>
  );
}

export function AuthPanel({
  auth,
  tab,
  onTabChange,
  showBanner = false,
  restoreToken,
  restoreLinkInvalid,
  onRestoreDone,
}: AuthPanelProps) {
  const { t } = useTranslation('auth');
  const locale = usePageLocale();
  const baseId = useId();
  const tabRefs = useRef(new Map<AuthTab, HTMLButtonElement>());
  const context = useMemo<MessageContext>(
    () => ({ locale, overrides: auth.validationOverrides }),
    [locale, auth.validationOverrides],
  );
  const eager = auth.config.registration.validationStrategy === 'eager';
  const formsEnabled = auth.config.authTypes.includes('form');

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? TABS[0] : event.key === 'End' ? TABS.at(-1) : undefined;
    const next =
      jump ?? (step !== 0 ? TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] : undefined);
    if (!next) return;
    event.preventDefault();
    onTabChange(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      {showBanner && auth.authBanner && <AuthBanner banner={auth.authBanner} />}
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        className="grid grid-cols-2 gap-1 rounded-2xl bg-background p-1"
      >
        {TABS.map((name) => {
          const selected = name === tab;
          return (
            <button
              key={name}
              ref={(element) => {
                if (element) tabRefs.current.set(name, element);
                else tabRefs.current.delete(name);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${name}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTabChange(name)}
              onKeyDown={onKeyDown}
              data-testid={`auth-tab-${name}`}
              className={cx(
                'min-h-11 rounded-xl px-3 text-sm font-semibold transition-colors',
                selected ? 'bg-raised text-text shadow-card' : 'text-muted hover:text-text',
              )}
            >
              {t(`tabs.${name}`)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="flex flex-col gap-5"
      >
        {formsEnabled &&
          (tab === 'register' ? (
            <RegistrationForm auth={auth} />
          ) : (
            <LoginPanel
              context={context}
              eager={eager}
              restoreToken={restoreToken}
              restoreLinkInvalid={restoreLinkInvalid}
              onRestoreDone={onRestoreDone}
            />
          ))}
        <SocialButtons config={auth.config} typeAuth={tab === 'register' ? 'register' : 'login'} />
        <p className="text-center text-sm text-muted">
          {tab === 'register' ? t('tabs.haveAccount') : t('tabs.noAccount')}{' '}
          <button
            type="button"
            onClick={() => onTabChange(tab === 'register' ? 'login' : 'register')}
            className="inline-flex min-h-11 items-center font-semibold text-accent hover:text-accent-hover"
          >
            {tab === 'register' ? t('tabs.login') : t('tabs.register')}
          </button>
        </p>
      </div>
    </div>
  );
}
