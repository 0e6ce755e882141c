import { describe, expect, it, vi } from 'vitest';
import {
  createDialogStore,
  dialogZIndex,
  MAX_OPEN_DIALOGS,
  MAX_QUEUED_DIALOGS,
  topmostDialog,
  visibleDialogIds,
} from './dialog-stack.ts';

function ids(list: readonly { id: string }[]): string[] {
  return list.map((entry) => entry.id);
}

describe('dialog stack', () => {
  it('opens dialogs with generated ids, stacked in order', () => {
    const store = createDialogStore<string>();
    const a = store.open({ payload: 'a' });
    const b = store.open({ payload: 'b', type: 'confirm' });
    expect(a).not.toBe(b);
    expect(ids(store.getState().open)).toEqual([a, b]);
    expect(store.getState().open[0]).toMatchObject({ type: 'popup', closable: true, payload: 'a' });
    expect(topmostDialog(store.getState())?.id).toBe(b);
  });

  it('notifies subscribers on every change and stops after unsubscribe', () => {
    const store = createDialogStore<string>();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.open({ payload: 'a' });
    store.close(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.open({ payload: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('closes a dialog and runs onBeforeClose then onClosed', () => {
    const store = createDialogStore<string>();
    const calls: string[] = [];
    const id = store.open({
      payload: 'a',
      onBeforeClose: () => {
        calls.push('before');
        return undefined;
      },
      onClosed: () => {
        calls.push(`closed, ${store.getState().open.length} left`);
      },
    });
    expect(store.close(id)).toBe('closed');
    expect(calls).toEqual(['before', 'closed, 0 left']);
    expect(store.close(id)).toBe('not-found');
  });

  it('refuses to close a non-closable dialog unless forced', () => {
    const store = createDialogStore<string>();
    const onBeforeClose = vi.fn(() => undefined);
    const onClosed = vi.fn();
    const id = store.open({ payload: 'signup', closable: false, onBeforeClose, onClosed });
    expect(store.close(id)).toBe('not-closable');
    expect(onBeforeClose).not.toHaveBeenCalled();
    expect(ids(store.getState().open)).toEqual([id]);
    expect(store.close(id, { force: true })).toBe('closed');
    expect(onBeforeClose).toHaveBeenCalledOnce();
    expect(onClosed).toHaveBeenCalledOnce();
    expect(store.getState().open).toEqual([]);
  });

  it('lets onBeforeClose veto a close, but not a forced one', () => {
    const store = createDialogStore<string>();
    const onClosed = vi.fn();
    const id = store.open({ payload: 'form', onBeforeClose: () => false, onClosed });
    expect(store.close(id)).toBe('vetoed');
    expect(onClosed).not.toHaveBeenCalled();
    expect(store.getState().open).toHaveLength(1);
    expect(store.close(id, { force: true })).toBe('closed');
    expect(onClosed).toHaveBeenCalledOnce();
  });

  it('shows queued dialogs only once the stack is empty, first in first out, one at a time', () => {
    const store = createDialogStore<string>();
    const base = store.open({ payload: 'base' });
    const cashback = store.open({ payload: 'cashback', queue: true });
    const campaign = store.open({ payload: 'campaign', queue: true });
    expect(ids(store.getState().open)).toEqual([base]);
    expect(ids(store.getState().queued)).toEqual([cashback, campaign]);

    // A non-queued dialog still opens on top at once.
    const confirm = store.open({ payload: 'confirm', type: 'confirm' });
    expect(ids(store.getState().open)).toEqual([base, confirm]);

    store.close(confirm);
    expect(ids(store.getState().open)).toEqual([base]);
    store.close(base);
    expect(ids(store.getState().open)).toEqual([cashback]);
    expect(ids(store.getState().queued)).toEqual([campaign]);
    store.close(cashback);
    expect(ids(store.getState().open)).toEqual([campaign]);
    expect(store.getState().queued).toEqual([]);
  });

  it('opens a queued dialog at once when nothing is open', () => {
    const store = createDialogStore<string>();
    const id = store.open({ payload: 'campaign', queue: true });
    expect(ids(store.getState().open)).toEqual([id]);
  });

  it('closes a dialog that is still waiting in the queue', () => {
    const store = createDialogStore<string>();
    const base = store.open({ payload: 'base' });
    const onClosed = vi.fn();
    const waiting = store.open({ payload: 'waiting', queue: true, onClosed });
    expect(store.close(waiting)).toBe('closed');
    expect(onClosed).toHaveBeenCalledOnce();
    store.close(base);
    expect(store.getState()).toEqual({ open: [], queued: [] });
  });

  it('shows only the topmost dialog of each type', () => {
    const store = createDialogStore<string>();
    const popupA = store.open({ payload: 'auth' });
    const curtain = store.open({ payload: 'menu', type: 'curtain' });
    const popupB = store.open({ payload: 'forgot password' });
    const confirm = store.open({ payload: 'sure?', type: 'confirm' });
    expect([...visibleDialogIds(store.getState())].sort()).toEqual([confirm, curtain, popupB].sort());
    expect(visibleDialogIds(store.getState()).has(popupA)).toBe(false);
    expect(topmostDialog(store.getState())?.id).toBe(confirm);

    store.close(popupB);
    expect(visibleDialogIds(store.getState()).has(popupA)).toBe(true);
  });

  it('gives each dialog a z-index equal to its position in the stack', () => {
    const store = createDialogStore<string>();
    const a = store.open({ payload: 'a' });
    const b = store.open({ payload: 'b', type: 'curtain' });
    const c = store.open({ payload: 'c' });
    const state = store.getState();
    expect([a, b, c].map((id) => dialogZIndex(state, id))).toEqual([1, 2, 3]);
    store.close(b);
    expect(dialogZIndex(store.getState(), c)).toBe(2);
    expect(dialogZIndex(store.getState(), b)).toBe(0);
  });

  it('closeAll closes what may close, keeps the rest, and reports how many stay', () => {
    const store = createDialogStore<string>();
    const locked = store.open({ payload: 'locked', closable: false });
    store.open({ payload: 'a' });
    store.open({ payload: 'vetoing', onBeforeClose: () => false });
    store.open({ payload: 'queued', queue: true });
    expect(store.closeAll()).toBe(2);
    expect(store.getState().open.map((entry) => entry.payload)).toEqual(['locked', 'vetoing']);
    expect(store.getState().queued).toEqual([]);
    expect(store.closeAll({ force: true })).toBe(0);
    expect(store.getState()).toEqual({ open: [], queued: [] });
    expect(store.close(locked)).toBe('not-found');
  });

  it('does not promote queued dialogs while closeAll empties the stack', () => {
    const store = createDialogStore<string>();
    store.open({ payload: 'a' });
    const onClosed = vi.fn();
    store.open({ payload: 'queued', queue: true, onClosed });
    store.closeAll();
    expect(onClosed).toHaveBeenCalledOnce();
    expect(store.getState()).toEqual({ open: [], queued: [] });
  });

  it('lets onClosed open the next dialog', () => {
    const store = createDialogStore<string>();
    let nextId = '';
    const first = store.open({
      payload: 'first',
      onClosed: () => {
        nextId = store.open({ payload: 'second' });
      },
    });
    store.close(first);
    expect(ids(store.getState().open)).toEqual([nextId]);
  });

  it('bounds the stack and the queue', () => {
    const store = createDialogStore<number>();
    for (let index = 0; index < MAX_OPEN_DIALOGS; index += 1) store.open({ payload: index });
    expect(() => store.open({ payload: -1 })).toThrow(RangeError);
    for (let index = 0; index < MAX_QUEUED_DIALOGS; index += 1) store.open({ payload: index, queue: true });
    expect(() => store.open({ payload: -1, queue: true })).toThrow(RangeError);
  });
});
