/**
 * The favourites of the signed-in player for a page's game tiles (rules in `favourites.ts`). The
 * route's loader reads the list (`games.getLikes`); a revalidation brings a new one, which replaces
 * the local state. Guests have no favourites: the provider is disabled and no heart shows.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
} from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { apiErrorText } from '../auth/api-error-text.ts';
import { useBrowserApi } from '../auth/use-auth-actions.ts';
import { favouritesReducer, initialFavourites, isLiked, isPending, toggleFavourite } from './favourites.ts';

export interface FavouritesApi {
  /** Players only (spec §6). */
  enabled: boolean;
  isLiked(sysname: string): boolean;
  isPending(sysname: string): boolean;
  toggle(sysname: string): Promise<void>;
}

const DISABLED: FavouritesApi = {
  enabled: false,
  isLiked: () => false,
  isPending: () => false,
  toggle: async () => {},
};

const FavouritesContext = createContext<FavouritesApi>(DISABLED);

export function useFavourites(): FavouritesApi {
  return useContext(FavouritesContext);
}

export interface FavouritesProviderProps {
  /** The loader's `games.getLikes` answer; null for a guest. */
  liked: readonly string[] | null;
  /** After the list was reloaded (e.g. to refresh a grid that shows favourites only). */
  onChanged?: () => void;
  children: ReactNode;
}

export function FavouritesProvider({ liked, onChanged, children }: FavouritesProviderProps) {
  const { t } = useTranslation('games');
  const api = useBrowserApi();
  const toasts = useToasts();
  const [state, dispatch] = useReducer(favouritesReducer, liked ?? [], initialFavourites);

  // A revalidated loader brings the server's list: it replaces what the page holds.
  useEffect(() => {
    if (liked) dispatch({ type: 'reset', liked });
  }, [liked]);

  const toggle = useCallback(
    async (sysname: string) => {
      if (isPending(state, sysname)) return;
      const like = !isLiked(state, sysname);
      dispatch({ type: 'start', sysname, like });
      try {
        const reloaded = await toggleFavourite(api, sysname, like);
        dispatch({ type: 'done', sysname, liked: reloaded });
        onChanged?.();
      } catch (error) {
        dispatch({ type: 'failed', sysname });
        toasts.show({ kind: 'error', title: apiErrorText(error, t('favourites.failed')) });
      }
    },
    [api, state, onChanged, toasts, t],
  );

  const value = useMemo<FavouritesApi>(
    () =>
      liked === null
        ? DISABLED
        : {
            enabled: true,
            isLiked: (sysname) => isLiked(state, sysname),
            isPending: (sysname) => isPending(state, sysname),
            toggle,
          },
    [liked, state, toggle],
  );
  return <FavouritesContext value={value}>{children}</FavouritesContext>;
}
