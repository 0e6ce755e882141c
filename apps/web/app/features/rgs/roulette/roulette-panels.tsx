/**
 * Roulette pieces around the table: a number's coloured badge, the strip of recent numbers, the
 * rules and paytable (from the engine's describe(), declared RTP included), and a round drawn small
 * for the history drawer.
 */
import type { RouletteState } from '@croupier/games/roulette';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { useGameShell } from '../shell/game-shell-context.ts';
import type { RoundDetail } from '../shell/rgs-client.ts';
import { pocketColour } from './wheel.ts';

/** The roulette view of a round, or undefined when the payload is not one (never trust a wire shape). */
export function rouletteViewOf(view: unknown): RouletteState | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const candidate = view as Partial<RouletteState>;
  if (
    typeof candidate.number !== 'number' ||
    !Number.isInteger(candidate.number) ||
    candidate.number < 0 ||
    candidate.number > 36 ||
    !Array.isArray(candidate.bets) ||
    typeof candidate.payout !== 'string'
  ) {
    return undefined;
  }
  return candidate as RouletteState;
}

const BADGE_SIZE = { sm: 'size-7 text-xs', md: 'size-9 text-sm', lg: 'size-12 text-xl' } as const;

export function NumberBadge({ number, size = 'md' }: { number: number; size?: keyof typeof BADGE_SIZE }) {
  const colour = pocketColour(number);
  return (
    <span
      className={cx(
        'amount inline-flex shrink-0 items-center justify-center rounded-full font-extrabold text-white ring-2 ring-white/15',
        BADGE_SIZE[size],
        colour === 'red' ? 'bg-[#c0262d]' : colour === 'black' ? 'bg-[#16181d]' : 'bg-[#13a352]',
      )}
      data-number={number}
    >
      {number}
    </span>
  );
}

export function RecentNumbers({ numbers }: { numbers: readonly number[] }) {
  const { t } = useTranslation('rgs-table');
  if (numbers.length === 0) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="shrink-0 text-[0.6rem] font-semibold tracking-wider text-muted uppercase">
        {t('roulette.recent')}
      </span>
      <ol
        className="flex min-w-0 gap-1 overflow-hidden"
        aria-label={t('roulette.recent')}
        data-testid="roulette-recent"
      >
        {numbers.slice(0, 12).map((n, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same number can come up twice; position is the identity.
          <li key={index} className={index === 0 ? '' : 'opacity-80'}>
            <NumberBadge number={n} size="sm" />
          </li>
        ))}
      </ol>
    </div>
  );
}

interface BetTypeInfo {
  type: string;
  pays: number;
}

function betTypesOf(describe: unknown): BetTypeInfo[] {
  if (typeof describe !== 'object' || describe === null || !('betTypes' in describe)) return [];
  const list = (describe as { betTypes: unknown }).betTypes;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is BetTypeInfo =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.type === 'string' &&
      typeof item.pays === 'number',
  );
}

export function RouletteRules() {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  const types = betTypesOf(shell.session.describe);
  return (
    <div className="flex flex-col gap-4 text-sm leading-relaxed text-muted">
      <p>{t('roulette.rules.intro')}</p>
      <p>{t('roulette.rules.howTo')}</p>
      <table className="w-full text-left">
        <thead>
          <tr className="border-b border-border text-text">
            <th className="py-2 font-semibold">{t('roulette.rules.bet')}</th>
            <th className="py-2 font-semibold">{t('roulette.rules.covers')}</th>
            <th className="py-2 text-right font-semibold">{t('roulette.rules.pays')}</th>
          </tr>
        </thead>
        <tbody>
          {types.map((type) => (
            <tr key={type.type} className="border-b border-border/60">
              <td className="py-1.5 text-text">{t(`roulette.rules.types.${type.type}`)}</td>
              <td className="amount py-1.5">{Math.round(36 / (type.pays + 1))}</td>
              <td className="amount py-1.5 text-right text-text">{type.pays}:1</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t('roulette.rules.limits', {
          min: shell.moneyText(shell.session.limits.min),
          max: shell.moneyText(shell.session.limits.max),
        })}
      </p>
      <p className="text-text">{t('roulette.rules.rtp', { rtp: shell.session.rtp })}</p>
    </div>
  );
}

export function RouletteRoundResult({ detail }: { detail: RoundDetail }) {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  const view = rouletteViewOf(detail.view);
  if (!view) return null;
  const won = view.bets.filter((bet) => bet.won).length;
  return (
    <div className="flex items-center gap-3">
      <NumberBadge number={view.number} size="md" />
      <p className="text-sm text-muted">
        {t('roulette.historyLine', { won, total: view.bets.length })}
        {BigInt(view.payout) > 0n && (
          <span className="amount ms-2 font-semibold text-text">{shell.money(view.payout)}</span>
        )}
      </p>
    </div>
  );
}
