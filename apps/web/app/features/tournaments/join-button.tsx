/**
 * Join a tournament (spec §4): guests get the login prompt; a player calls
 * `tournaments.participate`, and on 1 the page's loaders run again (the tournament is reloaded).
 * A refusal shows its message, else the spec's "Failed to participate in tournament".
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useAuthPopup } from '../auth/auth-popup.tsx';
import { toApiFailure } from '../profile/api-failure.ts';
import { usePlayerApi } from '../profile/use-player-api.ts';

export function JoinButton({
  tournamentId,
  isAuthenticated,
  label,
}: {
  tournamentId: number;
  isAuthenticated: boolean;
  label: string;
}) {
  const { t } = useTranslation('tournaments');
  const { api, refresh } = usePlayerApi();
  const toasts = useToasts();
  const openAuthPopup = useAuthPopup();
  const [busy, setBusy] = useState(false);

  async function join(): Promise<void> {
    if (!isAuthenticated) {
      openAuthPopup('login');
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api.call('tournaments.participate', { tournament_id: tournamentId });
      if (answer !== 1) throw new Error('not joined');
      toasts.show({ kind: 'success', title: t('join.done') });
      await refresh();
    } catch (error) {
      toasts.show({ kind: 'error', title: toApiFailure(error)?.message || t('join.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void join()} loading={busy} data-testid="tournament-join">
      {label}
    </Button>
  );
}
