/**
 * The games search popup (spec §2 "Popups: games search"): a popup of the dialog stack with a
 * search field; what the player types is sent to `games.get?query=…` after a short pause (accent-
 * and case-insensitive on the server, in English and French), and the results link to the games.
 * Before anything is typed it shows the most popular games. Keyboard: the field has focus on open,
 * ArrowDown moves into the results, ArrowUp/ArrowDown move between them, Escape closes.
 */
import type { ApiClient } from '@croupier/contract/client';
import type { GameFull } from '@croupier/contract/games/common';
import { GAME_QUERY_MAX_CHARS } from '@croupier/contract/games/search';
import type { Locale } from '@croupier/contract/locales';
import {
  type KeyboardEvent,
  type Ref,
  Suspense,
  use,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { cx } from '../../ui/class-names.ts';
import { useCurrentDialog } from '../../ui/dialogs.tsx';
import { Input } from '../../ui/input.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { GameArt } from './game-art.tsx';
import { gamePagePath } from './game-paths.ts';
import { type HallGame, toHallGame } from './game-types.ts';

/** Wait this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Fewer characters than this: no search (the content's search-config may ask for more). */
export const DEFAULT_MIN_QUERY_LENGTH = 2;
export const SEARCH_RESULT_COUNT = 12;
const POPULAR_COUNT = 6;

const RESULT_FIELDS: (keyof GameFull)[] = [
  'sysname',
  'name',
  'provider',
  'image_url',
  'description',
  'type',
  'has_demo',
  'canVisibleFavoriteIcon',
  'rtp',
  'tags',
];

export interface SearchSettings {
  minQueryLength?: number;
  /** Suggested words (content's search-config `popular`). */
  popular?: readonly string[];
}

/** The text the server is asked about: trimmed, inner spaces collapsed, at most 100 characters. */
export function normalizeSearchQuery(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, GAME_QUERY_MAX_CHARS);
}

type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; games: HallGame[]; total: number }
  | { status: 'failed'; query: string };

/** The most popular games, or none when they could not be loaded (the popup still searches). */
export function loadPopularGames(api: ApiClient): Promise<HallGame[]> {
  return api
    .call('games.get', {
      count: POPULAR_COUNT,
      sort: 'priority',
      order: 'asc',
      fields: RESULT_FIELDS.join(','),
    })
    .then((answer) => answer.items.map(toHallGame))
    .catch(() => []);
}

/**
 * The search as the player types: the text at once, the server asked once the typing pauses.
 * Both happen in the change handler (no effect watches the text): it restarts the pause timer,
 * and the timer sends the settled query; an answer to an older query than the latest is dropped.
 */
function useGamesQuery(api: ApiClient, minLength: number) {
  const [text, setText] = useState('');
  /** The settled query: what the server was (or is being) asked. */
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(0);
  const asked = useRef('');

  // Closing the popup while a pause is running asks nothing more.
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (settled: string) => {
    // The same settled text (a trailing space, a retyped letter) asks nothing again.
    if (settled === asked.current) return;
    asked.current = settled;
    setQuery(settled);
    const asking = ++latest.current;
    if (settled.length < minLength) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading', query: settled });
    api
      .call('games.get', {
        query: settled,
        count: SEARCH_RESULT_COUNT,
        sort: 'priority',
        order: 'asc',
        fields: RESULT_FIELDS.join(','),
      })
      .then((answer) => {
        if (asking === latest.current) {
          setState({
            status: 'done',
            query: settled,
            games: answer.items.map(toHallGame),
            total: answer.total,
          });
        }
      })
      .catch(() => {
        if (asking === latest.current) setState({ status: 'failed', query: settled });
      });
  };

  const change = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => search(normalizeSearchQuery(value)), SEARCH_DEBOUNCE_MS);
  };

  return { text, change, query, state, searching: query.length >= minLength };
}

export function GamesSearch({
  settings = {},
  popular,
}: {
  settings?: SearchSettings;
  /** Started when the popup opened (`loadPopularGames`): shown before anything is typed. */
  popular: Promise<HallGame[]>;
}) {
  const { t } = useTranslation('games');
  const locale = usePageLocale();
  const dialog = useCurrentDialog();
  const api = useMemo(() => createBrowserApi(locale), [locale]);
  const minLength = Math.max(1, settings.minQueryLength ?? DEFAULT_MIN_QUERY_LENGTH);
  const { text, change, state, searching } = useGamesQuery(api, minLength);
  const results = useRef<HTMLUListElement>(null);
  const inputId = useId();
  const statusId = useId();

  const focusResult = (delta: number) => {
    const links = [...(results.current?.querySelectorAll<HTMLAnchorElement>('a[data-search-result]') ?? [])];
    if (links.length === 0) return;
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = index === -1 ? (delta > 0 ? 0 : links.length - 1) : index + delta;
    if (next < 0) {
      document.getElementById(inputId)?.focus();
      return;
    }
    links[Math.min(next, links.length - 1)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusResult(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusResult(-1);
    }
  };

  const choose = () => dialog.close({ force: true });
  const statusText = !searching
    ? text.trim().length > 0
      ? t('search.minLength', { count: minLength })
      : ''
    : state.status === 'done'
      ? state.total === 0
        ? t('search.none', { query: state.query })
        : t('search.found', { count: state.total })
      : state.status === 'failed'
        ? t('search.failed')
        : t('search.loading');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the field and the results.
    <div className="flex flex-col gap-4" onKeyDown={onKeyDown} data-testid="games-search">
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      <Input
        id={inputId}
        type="search"
        leadingIcon="search"
        value={text}
        onChange={(event) => change(event.target.value)}
        placeholder={t('search.placeholder')}
        maxLength={GAME_QUERY_MAX_CHARS}
        autoComplete="off"
        enterKeyHint="search"
        aria-describedby={statusId}
        data-autofocus
        data-testid="games-search-input"
      />
      {!searching && settings.popular && settings.popular.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('search.suggestions')}>
          {settings.popular.map((word) => (
            <li key={word}>
              <button
                type="button"
                onClick={() => change(word)}
                className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface px-3 text-xs font-semibold text-muted hover:border-border-strong hover:text-text"
              >
                {word}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p
        id={statusId}
        aria-live="polite"
        className="min-h-5 text-sm text-muted"
        data-testid="games-search-status"
      >
        {statusText}
      </p>
      {searching ? (
        state.status === 'done' ? (
          <ResultList ref={results} games={state.games} locale={locale} onChoose={choose} />
        ) : (
          <ResultSkeleton />
        )
      ) : (
        <Suspense fallback={<ResultSkeleton />}>
          <PopularGames popular={popular} ref={results} locale={locale} onChoose={choose} />
        </Suspense>
      )}
    </div>
  );
}

function PopularGames({
  popular,
  ref,
  locale,
  onChoose,
}: {
  popular: Promise<HallGame[]>;
  ref: Ref<HTMLUListElement>;
  locale: Locale;
  onChoose: () => void;
}) {
  const { t } = useTranslation('games');
  const games = use(popular);
  return (
    <>
      {games.length > 0 && (
        <h3 className="-mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
          {t('search.popular')}
        </h3>
      )}
      <ResultList ref={ref} games={games} locale={locale} onChoose={onChoose} />
    </>
  );
}

function ResultSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-2 tablet:grid-cols-2">
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className="flex items-center gap-3 p-2">
          <Skeleton className="h-12 w-18 shrink-0" />
          <span className="flex-1">
            <Skeleton shape="text" className="w-3/4" />
            <Skeleton shape="text" className="mt-1.5 w-1/2" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function ResultList({
  games,
  ref,
  locale,
  onChoose,
}: {
  games: readonly HallGame[];
  ref: Ref<HTMLUListElement>;
  locale: Locale;
  onChoose: () => void;
}) {
  return (
    <ul ref={ref} className="grid gap-1 tablet:grid-cols-2" data-testid="games-search-results">
      {games.map((game) => (
        <li key={game.sysname}>
          <Link
            to={gamePagePath(game.sysname, locale)}
            data-search-result
            data-testid="games-search-result"
            onClick={onChoose}
            className={cx(
              'flex min-h-16 items-center gap-3 rounded-xl p-2 transition-colors',
              'hover:bg-raised focus-visible:bg-raised',
            )}
          >
            <span className="w-18 shrink-0 overflow-hidden rounded-lg">
              <GameArt src={game.image} name={game.name} decorative />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">{game.name}</span>
              <span className="block truncate text-xs text-muted">{game.provider.name}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
