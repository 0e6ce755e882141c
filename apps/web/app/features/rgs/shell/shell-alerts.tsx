/**
 * What the shell draws over the game when a request fails: the retry banner (the wallet or the
 * network is down; the round waits for the player) and the overlay of an error the game cannot go
 * on after, with the way back to the lobby.
 */
import { RotateCcw, WifiOff, X } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import type { ErrorMessage } from './error-messages.ts';
import { useGameShell } from './game-shell-context.ts';
import type { PendingRetry } from './use-game-shell-state.ts';

export function RetryBanner({ pending }: { pending: PendingRetry }) {
  const { t } = useTranslation('rgs');
  return (
    <div
      role="alert"
      className="absolute inset-x-2 bottom-2 z-20 mx-auto flex max-w-xl items-center gap-3 rounded-2xl border border-warning/40 bg-[#1f1808]/95 p-3 shadow-overlay backdrop-blur tablet:bottom-4"
    >
      <WifiOff className="size-6 shrink-0 text-warning" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-text">{pending.message.title}</p>
        {pending.message.text && <p className="text-sm text-muted">{pending.message.text}</p>}
      </div>
      <button
        type="button"
        onClick={pending.retry}
        className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-warning px-4 font-semibold text-black hover:brightness-110"
      >
        <RotateCcw className="size-4" aria-hidden />
        {t('shell.retry')}
      </button>
      <button
        type="button"
        onClick={pending.dismiss}
        aria-label={t('shell.dismiss')}
        className="inline-flex size-11 items-center justify-center rounded-xl text-muted hover:bg-white/10 hover:text-text"
      >
        <X className="size-5" aria-hidden />
      </button>
    </div>
  );
}

export function FatalOverlay({ message }: { message: ErrorMessage }) {
  const { t } = useTranslation('rgs');
  const { session } = useGameShell();
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="rgs-fatal-title"
      className="absolute inset-0 z-30 flex items-center justify-center bg-black/80 p-6 backdrop-blur"
    >
      <div className="max-w-sm rounded-2xl border border-border bg-surface p-6 text-center shadow-overlay">
        <h2 id="rgs-fatal-title" className="text-lg font-bold text-text">
          {message.title}
        </h2>
        {message.text && <p className="mt-2 text-muted">{message.text}</p>}
        {session.lobbyUrl && (
          <a
            href={session.lobbyUrl}
            target="_top"
            className="mt-5 inline-flex min-h-11 items-center rounded-xl bg-accent px-5 font-semibold text-on-accent"
          >
            {t('shell.backToLobby')}
          </a>
        )}
      </div>
    </div>
  );
}
