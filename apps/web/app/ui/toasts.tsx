/**
 * Toasts (spec §2, §4, §9; DESIGN.md): at the top, under the header, success / error / info,
 * removed after `durationMs` (default 5000) or by their close button. The timer pauses while the
 * pointer is over a toast or focus is inside it, so nobody loses a message they are reading.
 *
 * Wiring (root.tsx), outside <DialogProvider> so toasts stay clickable above an open dialog:
 *   <ToastProvider><DialogProvider><Outlet /></DialogProvider></ToastProvider>
 * The area sits under the header (`--header-height`, ui/theme.css), or at `topOffsetPx` when given.
 * While a dialog is open the header is behind its backdrop, so the area goes up to the top of the
 * screen: into the 6rem a phone's bottom sheet leaves free (ui/dialogs.tsx), where only the newest
 * toast shows, and from a tablet up to the start side while a side panel is open at the end.
 *
 * Usage:
 *   const toasts = useToasts();
 *   toasts.show({ kind: 'success', title: t('cashier:depositDone'), text: formatMoney(amount) });
 *   const id = toasts.show({ kind: 'info', title, durationMs: Number.POSITIVE_INFINITY }); // stays
 *   toasts.dismiss(id);
 */
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { IconButton } from './button.tsx';
import { cx } from './class-names.ts';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-names.ts';

export type ToastKind = 'success' | 'error' | 'info';

/** Spec §9. */
export const DEFAULT_TOAST_DURATION_MS = 5000;
/** The oldest toasts give way beyond this many. */
export const MAX_VISIBLE_TOASTS = 4;
/** setTimeout's ceiling; longer (or infinite) durations mean "until closed". */
const MAX_TIMER_MS = 2_147_483_647;

export interface ToastOptions {
  kind: ToastKind;
  title: string;
  text?: string;
  /** Default 5000. `Number.POSITIVE_INFINITY` keeps the toast until it is closed. */
  durationMs?: number;
}

export interface ToastsApi {
  /** Shows a toast; returns its id. */
  show(options: ToastOptions): string;
  dismiss(id: string): void;
}

interface Toast extends ToastOptions {
  id: string;
  durationMs: number;
}

const ToastsContext = createContext<ToastsApi | null>(null);

export function useToasts(): ToastsApi {
  const api = useContext(ToastsContext);
  if (!api) throw new Error('useToasts must be used inside <ToastProvider>');
  return api;
}

export interface ToastProviderProps {
  children: ReactNode;
  /** Distance from the top of the viewport in px; default: the `--header-height` CSS variable. */
  topOffsetPx?: number;
  maxVisible?: number;
  /**
   * Accessible name of the toast area (a landmark); default "Notifications". A provider nested in
   * another page (the game shell) names its own so the two regions stay distinguishable.
   */
  label?: string;
}

export function ToastProvider({
  children,
  topOffsetPx,
  maxVisible = MAX_VISIBLE_TOASTS,
  label,
}: ToastProviderProps) {
  const { t } = useTranslation('ui');
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const lastId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (options: ToastOptions): string => {
      lastId.current += 1;
      const id = `toast-${lastId.current}`;
      const toast: Toast = { ...options, id, durationMs: options.durationMs ?? DEFAULT_TOAST_DURATION_MS };
      setToasts((current) => [...current, toast].slice(-Math.max(1, maxVisible)));
      return id;
    },
    [maxVisible],
  );

  const api = useMemo<ToastsApi>(() => ({ show, dismiss }), [show, dismiss]);
  const areaStyle: CSSProperties | undefined =
    topOffsetPx === undefined ? undefined : { top: `${topOffsetPx + 12}px` };

  return (
    <ToastsContext value={api}>
      {children}
      <section
        aria-label={label ?? t('notifications')}
        style={areaStyle}
        className={cx(
          'pointer-events-none fixed inset-x-0 top-[calc(var(--header-height,0px)+0.75rem)] z-(--z-toasts) flex justify-center px-3 tablet:justify-end tablet:px-6',
          '[:root:has([data-dialog-type])_&]:top-3 tablet:[:root:has([data-curtain-side=end])_&]:justify-start',
        )}
      >
        {/* The live region exists before any toast, so additions are announced. */}
        <ol aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastsContext>
  );
}

const KIND_STYLE: Record<ToastKind, { icon: IconName; badge: string; label: string }> = {
  success: { icon: 'check-circle', badge: 'bg-accent/15 text-accent', label: 'toastSuccess' },
  error: { icon: 'error', badge: 'bg-danger/15 text-danger-soft', label: 'toastError' },
  info: { icon: 'info', badge: 'bg-info/15 text-info', label: 'toastInfo' },
};

interface ToastItemProps {
  toast: Toast;
  onDismiss: (id: string) => void;
}

function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const { t } = useTranslation('ui');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remainingMs = useRef(toast.durationMs);
  const paused = hovered || focused;
  const style = KIND_STYLE[toast.kind];

  // A timer is an external system to sync with: run it while not paused, keep the time left.
  useEffect(() => {
    if (paused || remainingMs.current > MAX_TIMER_MS) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), Math.max(0, remainingMs.current));
    return () => {
      clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onDismiss]);

  return (
    <li
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-kind={toast.kind}
      className={cx(
        'pointer-events-auto flex items-start gap-3 rounded-2xl border border-border bg-raised py-3 ps-3 pe-1.5 shadow-overlay motion-safe:animate-toast-in',
        // Over a phone's dialog there is room for one: the older ones keep their time and were
        // announced when they came.
        'max-tablet:[:root:has([data-dialog-type])_&:not(:last-child)]:hidden',
      )}
    >
      <span
        className={cx('mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full', style.badge)}
      >
        <Icon name={style.icon} />
      </span>
      <div className="min-w-0 flex-1 py-1.5">
        <p className="leading-snug font-semibold text-text">
          <span className="sr-only">{t(style.label)}: </span>
          {toast.title}
        </p>
        {toast.text && <p className="mt-0.5 text-sm text-muted">{toast.text}</p>}
      </div>
      <IconButton icon="close" label={t('dismissNotification')} onClick={() => onDismiss(toast.id)} />
    </li>
  );
}
