/**
 * The game page's pieces (spec §2, §4; DESIGN.md "Game page"): the bar's controls (real/demo
 * switch, balance, favourite, fullscreen) drawn by the game layout, and the stage — the iframe
 * to the platform launcher, filling the viewport under the bar.
 *
 * - The mode comes from the address: `?mode=real|demo`, or a `#real` hash. Guests play demo only;
 *   a guest asking for real play gets the registration popup and, arriving with `#real`, is sent
 *   home when it closes (spec §2, §6).
 * - The hash is only read after hydration (the server never sees it) and the frame only gets its
 *   address then, so a page opened with `#real` never starts a demo launch first.
 * - The balance in the bar is the root loader's; game pages never refresh it on a timer (spec §2),
 *   but the game frame reports its balance after each round (same origin, `postMessage` checked
 *   both ways: `../rgs/parent-messages.ts`) and the bar shows it, so the two never disagree.
 * - A same-origin frame posting `{ type: 'checkIframe', url }` moves the whole page there (spec §4):
 *   the site-wide framed runtime (features/framed) obeys it on every page, this one included.
 */
import type { Locale } from '@croupier/contract/locales';
import { localizePath } from '@croupier/contract/locales';
import { Maximize, Minimize } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { authHref } from '../../lib/auth-links.ts';
import { usePageLocale, useRootData } from '../../lib/use-root-data.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { formatMoney } from '../../ui/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthPopup } from '../auth/auth-popup.tsx';
import { currencyInfoOf } from '../auth/auth-root-data.ts';
import { readGameBalanceMessage } from '../rgs/parent-messages.ts';
import { type FullscreenVisibility, isFullscreenButtonVisible } from './fullscreen.ts';
import { FavouriteButton } from './game-card.tsx';
import {
  type GameLaunchPlan,
  type GameMode,
  gameLaunchPath,
  gamePagePath,
  planGameLaunch,
  requestedGameMode,
} from './game-paths.ts';
import { GAME_STAGE_ID, gameFrameWindow } from './game-stage.ts';
import type { PlayableGame } from './game-types.ts';

export { GAME_STAGE_ID };

/** What the game route's loader returns; the layout finds it among the matches. */
export interface GamePageData {
  game: PlayableGame;
  liked: string[] | null;
  fullscreen: FullscreenVisibility;
}

export function isGamePageData(value: unknown): value is GamePageData {
  return (
    typeof value === 'object' &&
    value !== null &&
    'game' in value &&
    'fullscreen' in value &&
    typeof (value as { game?: { sysname?: unknown } }).game?.sysname === 'string'
  );
}

/** `"0.00"`, `"-3.10"` → false; `"0.01"` → true. */
export function isPositiveAmount(amount: string): boolean {
  const trimmed = amount.trim();
  return !trimmed.startsWith('-') && /[1-9]/.test(trimmed);
}

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export interface GamePlan extends GameLaunchPlan {
  requested: GameMode | undefined;
  /** Hydrated: the hash has been read and the frame may get its address. */
  mounted: boolean;
}

/** The mode and any block for this visitor and address (rules in `planGameLaunch`). */
export function useGamePlan(game: PlayableGame): GamePlan {
  const location = useLocation();
  const { isAuthenticated, account } = useRootData();
  const mounted = useMounted();
  const requested = requestedGameMode({ search: location.search, hash: mounted ? location.hash : '' });
  const plan = planGameLaunch({
    requested,
    isAuthenticated,
    hasDemo: game.hasDemo,
    canAccessSlotWithZeroBalance: game.canAccessSlotWithZeroBalance,
    hasFunds: isAuthenticated && isPositiveAmount(account.balance_main.amount),
    realMoneyBlock: isAuthenticated ? account.real_money_block : null,
  });
  return { ...plan, requested, mounted };
}

// ---------------------------------------------------------------------------------------------
// The bar

function ModeSwitch({ game, plan, locale }: { game: PlayableGame; plan: GamePlan; locale: Locale }) {
  const { t } = useTranslation('games');
  const { isAuthenticated } = useRootData();
  const openAuthPopup = useAuthPopup();
  const item = (mode: GameMode) => {
    const active = plan.mode === mode;
    const className = cx(
      'inline-flex min-h-9 items-center justify-center rounded-lg px-2 text-xs font-semibold transition-colors tablet:px-3 tablet:text-sm',
      active
        ? mode === 'real'
          ? 'bg-accent text-on-accent shadow-sm'
          : 'bg-raised text-text shadow-sm'
        : 'text-muted hover:text-text',
    );
    const label = mode === 'real' ? t('mode.real') : t('mode.demo');
    if (mode === 'demo' && !game.hasDemo) return null;
    if (mode === 'real' && !isAuthenticated) {
      return (
        <button
          type="button"
          className={className}
          onClick={() => openAuthPopup('register')}
          data-testid="mode-real"
          aria-pressed={false}
        >
          {label}
        </button>
      );
    }
    return (
      <Link
        to={gamePagePath(game.sysname, locale, { mode })}
        replace
        aria-current={active ? 'true' : undefined}
        data-testid={`mode-${mode}`}
        className={className}
      >
        {label}
      </Link>
    );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a segmented control of links, not form input.
    <div
      role="group"
      aria-label={t('mode.label')}
      className="inline-flex shrink-0 items-center gap-0.5 rounded-xl border border-border bg-background p-0.5"
      data-testid="mode-switch"
    >
      {item('demo')}
      {item('real')}
    </div>
  );
}

/**
 * The balance the game frame last reported (real mode, the player's currency), until the root loader
 * brings a newer account (its account object changes on every revalidation). Spec §2 skips balance
 * polling on game paths; the game reports its own after each round (`../rgs/parent-messages.ts`).
 */
export function useReportedGameBalance(
  account: { balance_main: { currency: string } },
  gameWindow: () => unknown = gameFrameWindow,
): string | null {
  const [reported, setReported] = useState<{ from: unknown; balance: string } | null>(null);
  const currency = account.balance_main.currency;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readGameBalanceMessage(event, {
        origin: window.location.origin,
        source: gameWindow(),
      });
      if (message?.mode !== 'real' || message.currency !== currency) return;
      setReported({ from: account, balance: message.balance });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [account, currency, gameWindow]);
  return reported && reported.from === account ? reported.balance : null;
}

function BarBalance({ mode }: { mode: GameMode }) {
  const { t } = useTranslation('games');
  const { account, auth } = useRootData();
  const reported = useReportedGameBalance(account);
  const currency = currencyInfoOf(auth.currencies, account.balance_main.currency);
  const main = formatMoney(
    { ...account.balance_main, amount: reported ?? account.balance_main.amount },
    { symbol: currency.symbol, exponent: currency.exponent },
  );
  return (
    <div
      className="flex shrink-0 flex-col items-end rounded-xl border border-border bg-raised/60 px-2 py-1 leading-tight tablet:px-3"
      data-testid="game-bar-balance"
    >
      <span className="text-[0.625rem] font-medium text-muted tablet:text-[0.6875rem]">
        {mode === 'real' ? t('bar.balance') : t('bar.realBalance')}
      </span>
      <span className="amount text-xs font-semibold tablet:text-sm">{main}</span>
    </div>
  );
}

function useFullscreenState(): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return active;
}

function inTelegram(): boolean {
  const telegram = (window as { Telegram?: { WebApp?: { initData?: string } } }).Telegram;
  return Boolean(telegram?.WebApp?.initData);
}

function FullscreenButton({ game, setting }: { game: PlayableGame; setting: FullscreenVisibility }) {
  const { t } = useTranslation('games');
  const mounted = useMounted();
  const active = useFullscreenState();
  const visible =
    mounted &&
    isFullscreenButtonVisible({
      setting,
      gameAllows: game.visibleFullScreen,
      inTelegram: inTelegram(),
      supported: document.fullscreenEnabled === true,
    });
  if (!visible) return null;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else
      void document
        .getElementById(GAME_STAGE_ID)
        ?.requestFullscreen()
        .catch(() => {});
  };
  const label = active ? t('bar.exitFullscreen') : t('bar.fullscreen');
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      aria-pressed={active}
      data-testid="fullscreen-button"
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-muted transition-colors hover:bg-raised hover:text-text"
    >
      {active ? (
        <Minimize className="size-5" aria-hidden focusable={false} />
      ) : (
        <Maximize className="size-5" aria-hidden focusable={false} />
      )}
    </button>
  );
}

/** The bar's middle and end: the game's name, the mode switch, balance, favourite and fullscreen. */
export function GameBarControls({ data }: { data: GamePageData }) {
  const locale = usePageLocale();
  const { isAuthenticated } = useRootData();
  const { game } = data;
  const plan = useGamePlan(game);
  return (
    <>
      {/*
        At phone widths the name may take two lines (then an ellipsis) and keeps at least ~9
        characters of width, so the controls beside it never squeeze it to one letter.
      */}
      <div className="min-w-[4.75rem] flex-1 leading-tight">
        <p
          className="line-clamp-2 text-xs font-semibold break-words tablet:line-clamp-1 tablet:text-sm"
          title={game.name}
          data-testid="game-bar-name"
        >
          {game.name}
        </p>
        <p className="hidden truncate text-xs text-muted tablet:block">{game.provider.name}</p>
      </div>
      <ModeSwitch game={game} plan={plan} locale={locale} />
      {isAuthenticated && <BarBalance mode={plan.mode} />}
      {isAuthenticated && game.canFavourite && (
        // Not on phones (the bar has no room); the wrapper hides it, as the button's own
        // `inline-flex` would win over a `hidden` passed to it.
        <div className="hidden shrink-0 tablet:block">
          <FavouriteButton
            sysname={game.sysname}
            name={game.name}
            className="[&>span]:bg-transparent [&>span]:ring-0"
          />
        </div>
      )}
      <FullscreenButton game={game} setting={data.fullscreen} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// The stage

/**
 * A guest who asked for real play (`#real` or `?mode=real` in the address) gets the registration
 * popup once; closing it without signing up sends them home (spec §2).
 */
function useGuestRealPrompt(plan: GamePlan, locale: Locale) {
  const openAuthPopup = useAuthPopup();
  const navigate = useNavigate();
  const location = useLocation();
  const { isAuthenticated } = useRootData();
  const prompted = useRef(false);

  useEffect(() => {
    if (!plan.mounted || plan.block !== 'sign-up' || prompted.current) return;
    prompted.current = true;
    openAuthPopup('register', { onDismissed: () => void navigate(localizePath('/', locale)) });
  }, [plan.mounted, plan.block, openAuthPopup, navigate, locale]);

  // Signed up or in from that popup while still here: play for real, with a clean address.
  useEffect(() => {
    if (!isAuthenticated || !plan.mounted || location.hash.toLowerCase() !== '#real') return;
    void navigate({ pathname: location.pathname, search: '?mode=real', hash: '' }, { replace: true });
  }, [isAuthenticated, plan.mounted, location.hash, location.pathname, navigate]);
}

function StageCover({ game, children }: { game: PlayableGame; children?: React.ReactNode }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center overflow-hidden bg-background">
      {game.image && (
        <img
          src={game.image}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full scale-110 object-cover opacity-30 blur-2xl"
        />
      )}
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,transparent_0%,var(--color-background)_75%)]" />
      <div className="relative flex w-full max-w-md flex-col items-center px-6 text-center">{children}</div>
    </div>
  );
}

function BlockedPanel({ game, plan, locale }: { game: PlayableGame; plan: GamePlan; locale: Locale }) {
  const { t } = useTranslation('games');
  const openAuthPopup = useAuthPopup();
  if (plan.block === 'birth-date' || plan.block === 'under-age') {
    const birthDate = plan.block === 'birth-date';
    return (
      <div data-testid="game-blocked" data-block={plan.block} className="flex flex-col items-center">
        <h2 className="text-xl font-bold tracking-tight tablet:text-2xl">
          {t(birthDate ? 'blocked.birthDateTitle' : 'blocked.underAgeTitle')}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          {t(birthDate ? 'blocked.birthDateText' : 'blocked.underAgeText', { name: game.name })}
        </p>
        <div className="mt-6 flex flex-col gap-3 tablet:flex-row">
          {birthDate && (
            <Button href={localizePath('/profile/settings', locale)}>{t('blocked.birthDateAction')}</Button>
          )}
          {game.hasDemo && (
            <Button
              href={gamePagePath(game.sysname, locale, { mode: 'demo' })}
              variant={birthDate ? 'secondary' : 'primary'}
              replace
            >
              {t('blocked.playDemo')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (plan.block === 'deposit') {
    return (
      <div data-testid="game-blocked" data-block="deposit" className="flex flex-col items-center">
        <h2 className="text-xl font-bold tracking-tight tablet:text-2xl">{t('blocked.depositTitle')}</h2>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          {t('blocked.depositText', { name: game.name })}
        </p>
        <div className="mt-6 flex flex-col gap-3 tablet:flex-row">
          <Button href={localizePath('/cashier/deposit', locale)} iconStart="deposit">
            {t('blocked.deposit')}
          </Button>
          {game.hasDemo && (
            <Button href={gamePagePath(game.sysname, locale, { mode: 'demo' })} variant="secondary" replace>
              {t('blocked.playDemo')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div data-testid="game-blocked" data-block={plan.block ?? ''} className="flex flex-col items-center">
      <h2 className="text-xl font-bold tracking-tight tablet:text-2xl">{t('blocked.signUpTitle')}</h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        {plan.block === 'no-demo' ? t('blocked.noDemoText', { name: game.name }) : t('blocked.signUpText')}
      </p>
      <div className="mt-6 flex flex-col gap-3 tablet:flex-row">
        <Button onClick={() => openAuthPopup('register')}>{t('blocked.signUp')}</Button>
        <Link
          to={authHref('sign_in', locale, gamePagePath(game.sysname, locale, { mode: 'real' }))}
          className={buttonClassName({ variant: 'secondary' })}
        >
          {t('blocked.signIn')}
        </Link>
      </div>
    </div>
  );
}

export function GameStage({ data }: { data: GamePageData }) {
  const { t } = useTranslation('games');
  const locale = usePageLocale();
  const { game } = data;
  const plan = useGamePlan(game);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  useGuestRealPrompt(plan, locale);

  const src =
    plan.mounted && plan.block === null
      ? gameLaunchPath({ sysname: game.sysname, custom_code: game.customCode }, { mode: plan.mode, locale })
      : null;
  const loading = src !== null && loadedSrc !== src;

  return (
    <div
      id={GAME_STAGE_ID}
      className="relative size-full bg-background"
      data-testid="game-stage"
      data-mode={plan.mode}
    >
      {src && (
        <iframe
          key={src}
          src={src}
          title={t('frame.title', { name: game.name })}
          // `fullscreen` here is what `allowfullscreen` said; with both, Chromium warns on every load.
          allow="fullscreen; autoplay; clipboard-write"
          onLoad={() => setLoadedSrc(src)}
          className="absolute inset-0 size-full border-0 bg-background"
          data-testid="game-frame"
        />
      )}
      {(plan.block !== null || !plan.mounted || loading) && (
        <StageCover game={game}>
          {plan.block !== null && plan.block !== 'sign-up' ? (
            <BlockedPanel game={game} plan={plan} locale={locale} />
          ) : (
            <div className="flex flex-col items-center gap-4" aria-live="polite">
              <Spinner size="lg" decorative className="text-accent" />
              <p className="text-sm font-medium text-muted">{t('frame.loading', { name: game.name })}</p>
            </div>
          )}
        </StageCover>
      )}
    </div>
  );
}
