/**
 * Dialogs of spec §4: popup (centred card), confirm (small card, two actions), curtain (bottom
 * sheet on mobile, side panel from tablet up). Stack rules live in `dialog-stack.ts`.
 *
 * Wiring (root.tsx), inside the router and the i18n provider, inside <ToastProvider> so toasts stay
 * usable (not inert) above an open dialog:
 *   <ToastProvider><DialogProvider><Outlet /></DialogProvider></ToastProvider>
 * The provider renders its dialog layer itself (no portal, so it server-renders), marks the page
 * behind an open dialog `inert`, and locks page scroll while any dialog is open.
 *
 * Usage:
 *   const dialogs = useDialogs();
 *   const id = dialogs.open({ title: t('auth:signIn'), content: <SignInForm /> });
 *   dialogs.open({ type: 'curtain', title: t('menu'), content: ({ close }) => <Menu onPick={close} /> });
 *   dialogs.open({ title, content, closable: false });      // prevent_close=1: only `force` closes it
 *   dialogs.open({ title, content, queue: true });          // after whatever is open now
 *   dialogs.close(id, { force: true });
 *   if (await dialogs.confirm({ title: t('bonus:burnTitle'), text: t('bonus:burnText'), tone: 'danger' })) …
 * Inside dialog content, `useCurrentDialog()` gives `{ id, close }`. Content is captured when the
 * dialog opens: pass a component that reads its own state rather than values that will change.
 * Initial focus goes to an element marked `data-autofocus`, else the dialog itself (so its title
 * is read); on close, focus returns to the element that opened it.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Button, IconButton } from './button.tsx';
import { cx } from './class-names.ts';
import {
  type CloseOptions,
  type CloseOutcome,
  createDialogStore,
  type DialogEntry,
  type DialogStackState,
  type DialogStore,
  type DialogType,
  emptyDialogStack,
  topmostDialog,
  visibleDialogIds,
} from './dialog-stack.ts';

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogHandle {
  id: string;
  close: (options?: CloseOptions) => CloseOutcome;
}

export interface DialogSpec {
  /** Default 'popup'. */
  type?: DialogType;
  /** The dialog's accessible name, shown as its heading unless `hideTitle`. */
  title: string;
  /** Keep the title for assistive technology only (e.g. an image-led campaign popup). */
  hideTitle?: boolean;
  content: ReactNode | ((dialog: DialogHandle) => ReactNode);
  /** Default true. false: no close button, Escape and backdrop do nothing; only `force` closes. */
  closable?: boolean;
  /** Show only once no other dialog is open (first in, first out). */
  queue?: boolean;
  /** Card width (popup, confirm) or panel width (curtain from tablet up). Default 'md'. */
  size?: DialogSize;
  /** Curtain from tablet up: which edge the panel slides from. Default 'end' (right). */
  side?: 'start' | 'end';
  /** Clicking the backdrop closes (if closable). Default true, false for confirm. */
  closeOnBackdrop?: boolean;
  /** Return false to keep the dialog open (ignored for forced closes). */
  onBeforeClose?: () => boolean | undefined;
  onClosed?: () => void;
}

export interface ConfirmOptions {
  title: string;
  text?: ReactNode;
  /** Default ui:confirm. */
  confirmText?: string;
  /** Default ui:cancel. */
  cancelText?: string;
  /** 'danger' paints the confirm action red and puts initial focus on cancel. */
  tone?: 'default' | 'danger';
  closable?: boolean;
  queue?: boolean;
}

export interface OpenDialog {
  id: string;
  type: DialogType;
  title: string;
  closable: boolean;
}

export interface DialogsApi {
  /** Opens (or queues) a dialog; returns its id. */
  open(spec: DialogSpec): string;
  /** 'closed', or why not: 'not-closable' | 'vetoed' | 'not-found'. */
  close(id: string, options?: CloseOptions): CloseOutcome;
  /** Closes every dialog that may close, queued ones included; returns how many stay. */
  closeAll(options?: CloseOptions): number;
  /** Resolves true on the confirm action, false on cancel, Escape or any other close. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Open dialogs, bottom to top (queued ones are not listed). */
  dialogs: readonly OpenDialog[];
}

interface DialogPayload {
  title: string;
  hideTitle: boolean;
  content: DialogSpec['content'];
  size: DialogSize;
  side: 'start' | 'end';
  closeOnBackdrop: boolean;
  describedByText: boolean;
}

type Actions = Omit<DialogsApi, 'dialogs'>;

const ActionsContext = createContext<Actions | null>(null);
const OpenDialogsContext = createContext<readonly OpenDialog[]>([]);
const CurrentDialogContext = createContext<DialogHandle | null>(null);

export function useDialogs(): DialogsApi {
  const actions = useContext(ActionsContext);
  const dialogs = useContext(OpenDialogsContext);
  if (!actions) throw new Error('useDialogs must be used inside <DialogProvider>');
  return useMemo(() => ({ ...actions, dialogs }), [actions, dialogs]);
}

/** `useDialogs` for parts also rendered without a provider (tests of a single form): null there. */
export function useOptionalDialogs(): Pick<DialogsApi, 'open'> | null {
  return useContext(ActionsContext);
}

/** The dialog a component is rendered in: `{ id, close }`. Throws outside dialog content. */
export function useCurrentDialog(): DialogHandle {
  const handle = useContext(CurrentDialogContext);
  if (!handle) throw new Error('useCurrentDialog must be used inside dialog content');
  return handle;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function tabbableWithin(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest('[hidden],[inert]') &&
      (typeof element.checkVisibility !== 'function' || element.checkVisibility()),
  );
}

function focusInitial(panel: HTMLElement | undefined): void {
  if (!panel || panel.contains(document.activeElement)) return;
  const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
  (preferred ?? panel).focus({ preventScroll: true });
}

/** Keeps Tab and Shift+Tab cycling inside the topmost dialog. */
function trapTab(event: KeyboardEvent, panel: HTMLElement | undefined): void {
  if (!panel) return;
  const tabbable = tabbableWithin(panel);
  const first = tabbable[0];
  const last = tabbable.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus({ preventScroll: true });
    return;
  }
  if (!(active instanceof HTMLElement) || !panel.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Page scroll stays put while a dialog is open; the scrollbar's width is padded back in. */
function useScrollLock(locked: boolean): void {
  useLayoutEffect(() => {
    if (!locked) return;
    const { body, documentElement } = document;
    const gapPx = Math.max(0, window.innerWidth - documentElement.clientWidth);
    const previousOverflow = body.style.overflow;
    const previousPaddingRight = body.style.paddingRight;
    if (gapPx > 0) {
      const paddingPx = Number.parseFloat(window.getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${paddingPx + gapPx}px`;
      documentElement.style.setProperty('--scroll-lock-gap', `${gapPx}px`);
    }
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
      body.style.paddingRight = previousPaddingRight;
      documentElement.style.removeProperty('--scroll-lock-gap');
    };
  }, [locked]);
}

function activeHtmlElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;
}

export interface DialogProviderProps {
  children: ReactNode;
}

export function DialogProvider({ children }: DialogProviderProps) {
  const reactId = useId();
  const [store] = useState<DialogStore<DialogPayload>>(() => createDialogStore(`${reactId}dialog-`));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const panels = useRef(new Map<string, HTMLElement>());
  /** Element to give focus back to when a dialog closes. */
  const openers = useRef(new Map<string, HTMLElement | null>());
  const previous = useRef<DialogStackState<DialogPayload>>(emptyDialogStack());
  const hasOpen = state.open.length > 0;

  const registerPanel = useCallback((id: string, panel: HTMLElement) => {
    panels.current.set(id, panel);
    return () => {
      panels.current.delete(id);
    };
  }, []);

  const actions = useMemo<Actions>(() => {
    function open(spec: DialogSpec): string {
      const opener = activeHtmlElement();
      const type = spec.type ?? 'popup';
      const id = store.open({
        type,
        closable: spec.closable ?? true,
        queue: spec.queue ?? false,
        ...(spec.onBeforeClose ? { onBeforeClose: spec.onBeforeClose } : {}),
        ...(spec.onClosed ? { onClosed: spec.onClosed } : {}),
        payload: {
          title: spec.title,
          hideTitle: spec.hideTitle ?? false,
          content: spec.content,
          size: spec.size ?? 'md',
          side: spec.side ?? 'end',
          closeOnBackdrop: spec.closeOnBackdrop ?? type !== 'confirm',
          describedByText: false,
        },
      });
      // A queued dialog gets its opener when it is shown (the focus owner of that moment).
      if (store.getState().open.some((entry) => entry.id === id)) openers.current.set(id, opener);
      return id;
    }

    function confirm(options: ConfirmOptions): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        let confirmed = false;
        const opener = activeHtmlElement();
        const id = store.open({
          type: 'confirm',
          closable: options.closable ?? true,
          queue: options.queue ?? false,
          onClosed: () => resolve(confirmed),
          payload: {
            title: options.title,
            hideTitle: false,
            content: ({ close }) => (
              <ConfirmBody
                options={options}
                onConfirm={() => {
                  confirmed = true;
                  close({ force: true });
                }}
                // The two buttons are answers, so they close even a non-closable confirm.
                onCancel={() => close({ force: true })}
              />
            ),
            size: 'sm',
            side: 'end',
            closeOnBackdrop: false,
            describedByText: options.text !== undefined,
          },
        });
        if (store.getState().open.some((entry) => entry.id === id)) openers.current.set(id, opener);
      });
    }

    return { open, close: store.close, closeAll: store.closeAll, confirm };
  }, [store]);

  const openDialogs = useMemo<readonly OpenDialog[]>(
    () =>
      state.open.map((entry) => ({
        id: entry.id,
        type: entry.type,
        title: entry.payload.title,
        closable: entry.closable,
      })),
    [state.open],
  );

  useScrollLock(hasOpen);

  // Escape closes the topmost dialog (unless it is non-closable); Tab stays inside it.
  useLayoutEffect(() => {
    if (!hasOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      const top = topmostDialog(store.getState());
      if (!top) return;
      if (event.key === 'Escape') {
        if (event.defaultPrevented || event.isComposing) return;
        event.preventDefault();
        store.close(top.id);
      } else if (event.key === 'Tab') {
        trapTab(event, panels.current.get(top.id));
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasOpen, store]);

  // Focus follows the top of the stack: into a newly shown dialog, back to the opener on close.
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = state;
    const beforeTop = topmostDialog(before);
    const top = topmostDialog(state);
    const openIds = new Set(state.open.map((entry) => entry.id));
    const restoreTo =
      beforeTop && !openIds.has(beforeTop.id) ? (openers.current.get(beforeTop.id) ?? null) : null;
    for (const entry of before.open) {
      if (!openIds.has(entry.id)) openers.current.delete(entry.id);
    }
    if (top?.id === beforeTop?.id) return;
    if (top && !before.open.some((entry) => entry.id === top.id)) {
      if (!openers.current.has(top.id)) openers.current.set(top.id, restoreTo ?? activeHtmlElement());
      focusInitial(panels.current.get(top.id));
      return;
    }
    if (top) {
      const panel = panels.current.get(top.id);
      if (restoreTo && panel?.contains(restoreTo)) restoreTo.focus({ preventScroll: true });
      else focusInitial(panel);
      return;
    }
    if (restoreTo?.isConnected) restoreTo.focus({ preventScroll: true });
  }, [state]);

  const visible = visibleDialogIds(state);
  const top = topmostDialog(state);
  const lowestVisibleId = state.open.find((entry) => visible.has(entry.id))?.id;

  return (
    <ActionsContext value={actions}>
      <OpenDialogsContext value={openDialogs}>
        <div className="contents" inert={hasOpen}>
          {children}
        </div>
        {hasOpen && (
          <div className="fixed inset-0 z-(--z-dialogs)">
            {state.open.map((entry, index) => (
              <DialogView
                key={entry.id}
                entry={entry}
                zIndex={index + 1}
                visible={visible.has(entry.id)}
                isTop={entry.id === top?.id}
                dimsPage={entry.id === lowestVisibleId}
                store={store}
                registerPanel={registerPanel}
              />
            ))}
          </div>
        )}
      </OpenDialogsContext>
    </ActionsContext>
  );
}

const POPUP_WIDTH: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-[30rem]',
  lg: 'max-w-2xl',
};

const CURTAIN_WIDTH: Record<DialogSize, string> = {
  sm: 'tablet:max-w-sm',
  md: 'tablet:max-w-[26rem]',
  lg: 'tablet:max-w-xl',
};

interface DialogViewProps {
  entry: DialogEntry<DialogPayload>;
  zIndex: number;
  visible: boolean;
  isTop: boolean;
  /** The lowest visible dialog draws the full backdrop; the ones above only a light one. */
  dimsPage: boolean;
  store: DialogStore<DialogPayload>;
  registerPanel: (id: string, panel: HTMLElement) => () => void;
}

function DialogView({ entry, zIndex, visible, isTop, dimsPage, store, registerPanel }: DialogViewProps) {
  const { t } = useTranslation('ui');
  const { id, type, closable, payload } = entry;
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const handle = useMemo<DialogHandle>(
    () => ({ id, close: (options?: CloseOptions) => store.close(id, options) }),
    [id, store],
  );
  const content = typeof payload.content === 'function' ? payload.content(handle) : payload.content;
  const panelRef = useCallback(
    (panel: HTMLElement | null) => (panel ? registerPanel(id, panel) : undefined),
    [id, registerPanel],
  );
  const isCurtain = type === 'curtain';
  const fromStart = payload.side === 'start';

  return (
    <div
      hidden={!visible}
      inert={!isTop}
      style={{ zIndex }}
      className={cx(
        'fixed inset-0 flex',
        isCurtain
          ? cx(
              'items-end justify-center tablet:items-stretch',
              fromStart ? 'tablet:justify-start' : 'tablet:justify-end',
            )
          : 'items-center justify-center p-4 tablet:p-6',
      )}
    >
      {/* A pointer shortcut only: Escape and the close button are the accessible ways to close. */}
      <div
        aria-hidden="true"
        className={cx(
          'absolute inset-0 motion-safe:animate-fade-in',
          dimsPage ? 'bg-background/70 backdrop-blur-md' : 'bg-background/40',
        )}
        onClick={closable && payload.closeOnBackdrop ? () => store.close(id) : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={payload.describedByText ? textId : undefined}
        tabIndex={-1}
        data-dialog-type={type}
        data-curtain-side={isCurtain ? (fromStart ? 'start' : 'end') : undefined}
        className={cx(
          'relative flex w-full flex-col border-border bg-surface text-text shadow-overlay outline-none',
          isCurtain
            ? cx(
                // 6rem of the phone's screen stays above the sheet, for a toast (ui/toasts.tsx).
                'max-h-[calc(100dvh-6rem)] rounded-t-3xl border-t motion-safe:animate-sheet-up',
                'tablet:h-full tablet:max-h-none tablet:rounded-none',
                fromStart
                  ? 'tablet:rounded-e-2xl tablet:border-e tablet:border-t-0 tablet:motion-safe:animate-slide-in-start'
                  : 'tablet:rounded-s-2xl tablet:border-s tablet:border-t-0 tablet:motion-safe:animate-slide-in-end',
                CURTAIN_WIDTH[payload.size],
              )
            : cx(
                'max-h-[calc(100dvh-2rem)] rounded-2xl border motion-safe:animate-pop-in',
                POPUP_WIDTH[payload.size],
              ),
        )}
      >
        {isCurtain && (
          <span
            aria-hidden="true"
            className="mx-auto mt-2.5 h-1 w-10 shrink-0 rounded-full bg-border tablet:hidden"
          />
        )}
        <div
          className={cx(
            'flex shrink-0 items-start gap-3 px-6',
            payload.hideTitle ? 'pt-3' : 'pt-5 pb-2',
            isCurtain && 'tablet:pt-6',
          )}
        >
          <h2
            id={titleId}
            className={
              payload.hideTitle ? 'sr-only' : 'min-w-0 flex-1 pt-2 text-lg leading-snug font-semibold'
            }
          >
            {payload.title}
          </h2>
          {closable && (
            <IconButton
              icon="close"
              label={t('closeDialog')}
              onClick={() => store.close(id)}
              className="-me-3 ms-auto"
            />
          )}
        </div>
        <div
          className={cx(
            'min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 pb-6',
            type === 'confirm' && 'pt-1',
          )}
        >
          <CurrentDialogContext value={handle}>{content}</CurrentDialogContext>
        </div>
      </div>
    </div>
  );
}

interface ConfirmBodyProps {
  options: ConfirmOptions;
  onConfirm: () => void;
  onCancel: () => void;
}

function ConfirmBody({ options, onConfirm, onCancel }: ConfirmBodyProps) {
  const { t } = useTranslation('ui');
  const { id } = useCurrentDialog();
  const danger = options.tone === 'danger';
  return (
    <>
      {options.text !== undefined && (
        <div id={`${id}-text`} className="text-muted">
          {options.text}
        </div>
      )}
      <div className="mt-6 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onCancel} data-autofocus={danger ? true : undefined}>
          {options.cancelText ?? t('cancel')}
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          onClick={onConfirm}
          data-autofocus={danger ? undefined : true}
        >
          {options.confirmText ?? t('confirm')}
        </Button>
      </div>
    </>
  );
}
