/**
 * The authorization side of the auth panel: credentials, then (for two-factor accounts) the code
 * step, and password recovery (request, and completion from the emailed link). The parked
 * credentials of the code step live in this component's state only: closing the popup or leaving
 * the page forgets them (spec §4; never written to storage).
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { FormMessage } from './form-controls.tsx';
import type { MessageContext } from './form-validation.ts';
import { LoginForm } from './login-form.tsx';
import { RestoreCompleteForm, RestoreRequestForm } from './restore-forms.tsx';
import type { ParkedCredentials } from './two-factor.ts';
import { TwoFactorForm } from './two-factor-form.tsx';

type View =
  | { kind: 'login'; notice?: { tone: 'success' | 'error'; text: string } }
  | { kind: 'twoFactor'; parked: ParkedCredentials }
  | { kind: 'restoreRequest' }
  | { kind: 'restoreComplete'; token: string };

export interface LoginPanelProps {
  context: MessageContext;
  eager: boolean;
  /** From `/forms/sign_in?restore_token=…`: open on the new-password form. */
  restoreToken?: string | null;
  /** A restore link whose token is malformed: say so above the sign-in form. */
  restoreLinkInvalid?: boolean;
  /** After the new password is set (the page drops the token from its address). */
  onRestoreDone?: () => void;
}

export function LoginPanel({
  context,
  eager,
  restoreToken,
  restoreLinkInvalid,
  onRestoreDone,
}: LoginPanelProps) {
  const { t } = useTranslation('auth');
  const [view, setView] = useState<View>(() => {
    if (restoreToken) return { kind: 'restoreComplete', token: restoreToken };
    if (restoreLinkInvalid)
      return { kind: 'login', notice: { tone: 'error', text: t('restore.invalidLink') } };
    return { kind: 'login' };
  });

  switch (view.kind) {
    case 'twoFactor':
      return (
        <TwoFactorForm
          parked={view.parked}
          context={context}
          onBack={(message) =>
            setView(message ? { kind: 'login', notice: { tone: 'error', text: message } } : { kind: 'login' })
          }
        />
      );
    case 'restoreRequest':
      return <RestoreRequestForm context={context} eager={eager} onBack={() => setView({ kind: 'login' })} />;
    case 'restoreComplete':
      return (
        <RestoreCompleteForm
          token={view.token}
          context={context}
          eager={eager}
          onDone={() => {
            setView({ kind: 'login', notice: { tone: 'success', text: t('restore.done') } });
            onRestoreDone?.();
          }}
          onRequestNewLink={() => setView({ kind: 'restoreRequest' })}
        />
      );
    default:
      return (
        <div className="flex flex-col gap-4">
          {view.notice && <FormMessage tone={view.notice.tone}>{view.notice.text}</FormMessage>}
          <LoginForm
            context={context}
            eager={eager}
            onTwoFactor={(parked) => setView({ kind: 'twoFactor', parked })}
            onForgotPassword={() => setView({ kind: 'restoreRequest' })}
          />
        </div>
      );
  }
}
