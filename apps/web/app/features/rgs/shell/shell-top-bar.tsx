/**
 * The shell's top bar: the game's name and DEMO badge, the shown balance, and the buttons that
 * open the rules, the fairness panel, the history drawer, and switch the sound.
 */
import { BookOpen, History, ShieldCheck, Volume2, VolumeX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { useDialogs } from '../../../ui/dialogs.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { FairnessPanel } from './fairness-panel.tsx';
import { type GameModule, useGameShell } from './game-shell-context.ts';
import { HistoryPanel } from './history-panel.tsx';
import type { RgsFairness } from './rgs-client.ts';

/** Height of the top bar in px; toasts sit under it. */
export const BAR_HEIGHT_PX = 52;

export function TopBar({
  module,
  onFairnessChange,
}: {
  module: GameModule;
  onFairnessChange: (fairness: RgsFairness) => void;
}) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const dialogs = useDialogs();
  const { session } = shell;
  const demo = session.mode !== 'real';
  const [historyLoading, setHistoryLoading] = useState(false);
  const { Rules, RoundResult } = module;

  const openHistory = async () => {
    setHistoryLoading(true);
    try {
      const rounds = await shell.client.listRounds(20);
      dialogs.open({
        type: 'curtain',
        title: t('history.title'),
        size: 'md',
        content: <HistoryPanel initialRounds={rounds} RoundResult={RoundResult} />,
      });
    } catch (error) {
      shell.showError(error);
    } finally {
      setHistoryLoading(false);
    }
  };

  return (
    <header
      style={{ height: BAR_HEIGHT_PX }}
      className="relative z-10 flex shrink-0 items-center gap-1 border-b border-white/5 bg-black/30 px-2 backdrop-blur-md tablet:gap-2 tablet:px-4"
    >
      <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5 tablet:flex-row tablet:items-center tablet:gap-2">
        <h1
          className="max-w-full truncate text-[0.8rem] leading-tight font-bold tracking-wide text-text tablet:text-base"
          title={session.game.name}
        >
          {session.game.name}
        </h1>
        {demo && (
          <span
            className="shrink-0 rounded-md border border-gold/40 bg-gold/10 px-1 py-px text-[0.55rem] leading-tight font-bold tracking-widest text-gold uppercase tablet:px-1.5 tablet:py-0.5 tablet:text-[0.65rem]"
            title={t('shell.demoHint')}
          >
            {t('shell.demo')}
          </span>
        )}
      </div>
      <div
        className="flex min-w-0 shrink-0 flex-col items-end rounded-xl bg-white/5 px-2 py-1 leading-tight tablet:px-3"
        aria-live="off"
      >
        <span className="text-[0.55rem] font-semibold tracking-wider text-muted uppercase tablet:text-[0.6rem]">
          {t('shell.balance')}
        </span>
        <output
          className="amount truncate text-sm font-bold text-text tablet:text-base"
          aria-live="off"
          data-testid="rgs-balance"
        >
          {shell.moneyText(shell.balance)}
        </output>
      </div>
      {Rules && (
        <BarButton
          label={t('shell.rules')}
          onClick={() =>
            dialogs.open({
              type: 'popup',
              size: 'lg',
              title: t('shell.rulesTitle', { name: session.game.name }),
              content: <Rules />,
            })
          }
        >
          <BookOpen className="size-5" aria-hidden />
        </BarButton>
      )}
      <BarButton
        label={t('fairness.title')}
        onClick={() =>
          dialogs.open({
            type: 'curtain',
            size: 'md',
            title: t('fairness.title'),
            content: <FairnessPanel onChange={onFairnessChange} />,
          })
        }
      >
        <ShieldCheck className="size-5" aria-hidden />
      </BarButton>
      <BarButton label={t('history.title')} onClick={() => void openHistory()} busy={historyLoading}>
        <History className="size-5" aria-hidden />
      </BarButton>
      <BarButton
        label={shell.sound.enabled ? t('shell.soundOff') : t('shell.soundOn')}
        pressed={shell.sound.enabled}
        onClick={shell.sound.toggle}
      >
        {shell.sound.enabled ? (
          <Volume2 className="size-5" aria-hidden />
        ) : (
          <VolumeX className="size-5" aria-hidden />
        )}
      </BarButton>
    </header>
  );
}

function BarButton({
  label,
  onClick,
  children,
  pressed,
  busy,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onClick}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-muted transition-colors hover:bg-white/10 hover:text-text focus-visible:outline-2 focus-visible:outline-(--game-accent,var(--color-accent)) tablet:size-11"
    >
      {busy ? <Spinner size="sm" decorative /> : children}
    </button>
  );
}
