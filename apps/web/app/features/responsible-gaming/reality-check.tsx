/**
 * The reality check (ADR 028): every interval the player chose, a popup with the time played this
 * session and the net position (winnings minus stakes, from the wager stream), with Continue,
 * Log out and a link to the history. `realityCheckText` gives the same words to the game frame.
 */
import type { Locale } from '@croupier/contract/locales';
import { localizePath } from '@croupier/contract/locales';
import type { RgSessionOutput } from '@croupier/contract/responsible-gaming/session';
import type { TFunction } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import type { MoneyLike } from '../../ui/format.ts';
import { formatDuration } from './session-format.ts';

type Session = NonNullable<RgSessionOutput['session']>;

export interface RealityCheckFormat {
  locale: Locale;
  money: (value: MoneyLike) => string;
  time: (iso: string) => string;
}

/** The popup's words, also posted to the game frame. */
export function realityCheckText(t: TFunction, session: Session, format: RealityCheckFormat) {
  const net = format.money(session.net);
  return {
    title: t('rg-session:reality.title'),
    played: t('rg-session:reality.played', {
      duration: formatDuration(session.elapsed_seconds, format.locale),
    }),
    since: t('rg-session:reality.since', { time: format.time(session.started_at) }),
    net: `${t('rg-session:reality.net')}: ${net}`,
    netAmount: net,
    netHint: t('rg-session:reality.netHint', {
      won: format.money(session.won),
      staked: format.money(session.staked),
    }),
    continueLabel: t('rg-session:reality.continue'),
  };
}

export function RealityCheck({
  session,
  format,
  onContinue,
  onLogout,
}: {
  session: Session;
  format: RealityCheckFormat;
  onContinue: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('rg-session');
  const text = realityCheckText(t, session, format);
  const negative = session.net.amount.startsWith('-');
  return (
    <div className="flex flex-col gap-4" data-testid="reality-check">
      <p className="text-base">{text.played}</p>
      <p className="text-sm text-muted">{text.since}</p>
      <div className="rounded-xl border border-border bg-raised/60 p-3">
        <p className="text-sm text-muted">{t('reality.net')}</p>
        <p
          className={cx('amount text-2xl font-bold', negative ? 'text-danger' : 'text-accent')}
          data-testid="reality-check-net"
        >
          {text.netAmount}
        </p>
        <p className="text-sm text-muted">{text.netHint}</p>
      </div>
      <div className="flex flex-col gap-2 tablet:flex-row">
        <Button fullWidth onClick={onContinue} data-testid="reality-check-continue">
          {t('reality.continue')}
        </Button>
        <Button fullWidth variant="secondary" onClick={onLogout} data-testid="reality-check-logout">
          {t('reality.logout')}
        </Button>
      </div>
      <a
        className="text-center text-sm text-accent underline"
        href={localizePath('/cashier/history', format.locale)}
        data-testid="reality-check-history"
      >
        {t('reality.history')}
      </a>
    </div>
  );
}
