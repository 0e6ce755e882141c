/**
 * The dialog stack of spec §4, without React: pure transitions plus a tiny store that applies them
 * and runs the callbacks. `dialogs.tsx` renders it; tests drive it directly.
 *
 * Rules (spec §4, §9):
 * - a dialog is opened with a generated id and goes on top of the stack;
 * - `queue: true` waits while any dialog is open and is shown, first in first out, once the stack
 *   empties (one at a time: the next waits for that one to close too);
 * - closing is refused for a non-closable dialog unless forced; `onBeforeClose` may veto (returning
 *   `false`) unless forced; `onClosed` runs after the dialog has left the stack;
 * - only the topmost dialog of each type is visible; the topmost of all takes focus;
 * - a dialog's z-index is its 1-based position in the stack.
 */

export const DIALOG_TYPES = ['popup', 'confirm', 'curtain'] as const;
export type DialogType = (typeof DIALOG_TYPES)[number];

/** Limits, so a bug that opens dialogs in a loop fails loudly instead of piling up layers. */
export const MAX_OPEN_DIALOGS = 12;
export const MAX_QUEUED_DIALOGS = 24;

export interface DialogEntry<P> {
  id: string;
  type: DialogType;
  closable: boolean;
  /** Runs before an allowed close; return `false` to keep the dialog open (ignored when forced). */
  onBeforeClose: (() => boolean | undefined) | undefined;
  onClosed: (() => void) | undefined;
  /** What to render; opaque to the stack. */
  payload: P;
}

export interface DialogStackState<P> {
  /** Shown dialogs, bottom to top. */
  open: readonly DialogEntry<P>[];
  /** Waiting for the stack to empty, oldest first. Only ever non-empty while `open` is not. */
  queued: readonly DialogEntry<P>[];
}

export function emptyDialogStack<P>(): DialogStackState<P> {
  return { open: [], queued: [] };
}

/** Adds a dialog on top, or to the back of the queue when asked and another dialog is open. */
export function pushDialog<P>(
  state: DialogStackState<P>,
  entry: DialogEntry<P>,
  queue: boolean,
): DialogStackState<P> {
  if (queue && state.open.length > 0) {
    if (state.queued.length >= MAX_QUEUED_DIALOGS) {
      throw new RangeError(`At most ${MAX_QUEUED_DIALOGS} dialogs can wait in the queue`);
    }
    return { open: state.open, queued: [...state.queued, entry] };
  }
  if (state.open.length >= MAX_OPEN_DIALOGS) {
    throw new RangeError(`At most ${MAX_OPEN_DIALOGS} dialogs can be open at once`);
  }
  return { open: [...state.open, entry], queued: state.queued };
}

export function findDialog<P>(state: DialogStackState<P>, id: string): DialogEntry<P> | undefined {
  return state.open.find((entry) => entry.id === id) ?? state.queued.find((entry) => entry.id === id);
}

/**
 * Takes a dialog out of the stack or the queue. When that empties the stack, the oldest queued
 * dialog is shown (`promoted`).
 */
export function removeDialog<P>(
  state: DialogStackState<P>,
  id: string,
): { state: DialogStackState<P>; removed: DialogEntry<P> | undefined; promoted: DialogEntry<P> | undefined } {
  const queuedIndex = state.queued.findIndex((entry) => entry.id === id);
  if (queuedIndex >= 0) {
    return {
      state: { open: state.open, queued: state.queued.filter((entry) => entry.id !== id) },
      removed: state.queued[queuedIndex],
      promoted: undefined,
    };
  }
  const removed = state.open.find((entry) => entry.id === id);
  if (!removed) return { state, removed: undefined, promoted: undefined };
  const open = state.open.filter((entry) => entry.id !== id);
  const [next, ...rest] = state.queued;
  if (open.length === 0 && next) {
    return { state: { open: [next], queued: rest }, removed, promoted: next };
  }
  return { state: { open, queued: state.queued }, removed, promoted: undefined };
}

export type CloseDecision = 'allowed' | 'not-closable' | 'vetoed';

/**
 * Whether a dialog may close now. Calls `onBeforeClose` unless the dialog is non-closable and the
 * close is not forced; a forced close still calls it (for clean-up) but ignores a veto.
 */
export function decideClose<P>(entry: DialogEntry<P>, force: boolean): CloseDecision {
  if (!entry.closable && !force) return 'not-closable';
  const verdict = entry.onBeforeClose?.();
  if (verdict === false && !force) return 'vetoed';
  return 'allowed';
}

export function topmostDialog<P>(state: DialogStackState<P>): DialogEntry<P> | undefined {
  return state.open.at(-1);
}

/** Ids of the dialogs that are drawn: the topmost of each type (spec §4). */
export function visibleDialogIds<P>(state: DialogStackState<P>): ReadonlySet<string> {
  const seenTypes = new Set<DialogType>();
  const visible = new Set<string>();
  for (let index = state.open.length - 1; index >= 0; index -= 1) {
    const entry = state.open[index]!;
    if (seenTypes.has(entry.type)) continue;
    seenTypes.add(entry.type);
    visible.add(entry.id);
  }
  return visible;
}

/** z-index of an open dialog inside the dialog layer: its 1-based position (spec §9); 0 if absent. */
export function dialogZIndex<P>(state: DialogStackState<P>, id: string): number {
  return state.open.findIndex((entry) => entry.id === id) + 1;
}

export type CloseOutcome = 'closed' | 'not-found' | CloseDecision;

export interface DialogInput<P> {
  type?: DialogType;
  /** Default true. `false` (e.g. `prevent_close=1`): only a forced close removes it. */
  closable?: boolean;
  /** Wait until no other dialog is open. */
  queue?: boolean;
  onBeforeClose?: () => boolean | undefined;
  onClosed?: () => void;
  payload: P;
}

export interface CloseOptions {
  /** Close even a non-closable dialog, ignoring an `onBeforeClose` veto. */
  force?: boolean;
}

export interface DialogStore<P> {
  getState(): DialogStackState<P>;
  subscribe(listener: () => void): () => void;
  /** Opens (or queues) a dialog and returns its generated id. */
  open(input: DialogInput<P>): string;
  close(id: string, options?: CloseOptions): CloseOutcome;
  /** Closes every dialog that may close (queued ones too); returns how many stay. */
  closeAll(options?: CloseOptions): number;
}

export function createDialogStore<P>(idPrefix = 'dialog-'): DialogStore<P> {
  let state = emptyDialogStack<P>();
  let lastId = 0;
  const listeners = new Set<() => void>();

  function commit(next: DialogStackState<P>): void {
    state = next;
    for (const listener of [...listeners]) listener();
  }

  function close(id: string, options: CloseOptions = {}): CloseOutcome {
    const entry = findDialog(state, id);
    if (!entry) return 'not-found';
    const decision = decideClose(entry, options.force ?? false);
    if (decision !== 'allowed') return decision;
    // onBeforeClose may itself have closed it; only the first close counts.
    if (!findDialog(state, id)) return 'closed';
    commit(removeDialog(state, id).state);
    entry.onClosed?.();
    return 'closed';
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    open(input) {
      lastId += 1;
      const id = `${idPrefix}${lastId}`;
      const entry: DialogEntry<P> = {
        id,
        type: input.type ?? 'popup',
        closable: input.closable ?? true,
        onBeforeClose: input.onBeforeClose,
        onClosed: input.onClosed,
        payload: input.payload,
      };
      commit(pushDialog(state, entry, input.queue ?? false));
      return id;
    },
    close,
    closeAll(options = {}) {
      // Queued first (newest first), so closing the last open dialog does not promote them.
      for (const entry of [...state.queued].reverse()) close(entry.id, options);
      for (const entry of [...state.open].reverse()) close(entry.id, options);
      return state.open.length + state.queued.length;
    },
  };
}
