/**
 * Blackjack around the table: the rules (the engine's describe(): S17, 3:2, double, split,
 * insurance, declared RTP with optimal play) and a round drawn small for the history drawer.
 */
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { useGameShell } from '../shell/game-shell-context.ts';
import type { RoundDetail } from '../shell/rgs-client.ts';
import { blackjackViewOf } from './blackjack-actions.ts';
import { cardLabel } from './playing-card.tsx';

function optimalRtp(describe: unknown): string | undefined {
  if (typeof describe !== 'object' || describe === null || !('rtp' in describe)) return undefined;
  const rtp = (describe as { rtp: unknown }).rtp;
  if (typeof rtp !== 'object' || rtp === null || !('optimal' in rtp)) return undefined;
  const optimal = (rtp as { optimal: unknown }).optimal;
  return typeof optimal === 'string' ? optimal : undefined;
}

export function BlackjackRules() {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  const rtp = optimalRtp(shell.session.describe) ?? shell.session.rtp;
  const rules = ['goal', 'dealer', 'blackjack', 'double', 'split', 'insurance', 'deck'] as const;
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed text-muted">
      <ul className="flex list-disc flex-col gap-1.5 ps-5 marker:text-accent">
        {rules.map((rule) => (
          <li key={rule}>{t(`blackjack.rules.${rule}`)}</li>
        ))}
      </ul>
      <p>
        {t('blackjack.rules.limits', {
          min: shell.moneyText(shell.session.limits.min),
          max: shell.moneyText(shell.session.limits.max),
        })}
      </p>
      <p className="text-text">{t('blackjack.rules.rtp', { rtp })}</p>
    </div>
  );
}

export function BlackjackRoundResult({ detail }: { detail: RoundDetail }) {
  const { t } = useTranslation('rgs-table');
  const view = blackjackViewOf(detail.view);
  if (!view) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-muted">
        <span className="font-semibold text-text">{t('blackjack.dealer')}</span>{' '}
        {view.dealer.cards.map((card) => (card ? cardLabel(card) : '🂠')).join(' ')}{' '}
        <span className="amount">({view.dealer.total})</span>
      </p>
      {view.hands.map((hand, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their order.
        <p key={index} className="text-muted">
          <span className="font-semibold text-text">{t('blackjack.hand', { number: index + 1 })}</span>{' '}
          {hand.cards.map(cardLabel).join(' ')} <span className="amount">({hand.total})</span>
          {hand.result && (
            <span className="ms-2 font-semibold text-text">{t(`blackjack.result.${hand.result}`)}</span>
          )}
        </p>
      ))}
    </div>
  );
}
