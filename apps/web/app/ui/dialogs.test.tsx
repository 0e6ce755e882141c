// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { DialogProvider, type DialogsApi, useCurrentDialog, useDialogs } from './dialogs.tsx';
import { createTestI18n } from './test-i18n.ts';

let api: DialogsApi;

function CaptureApi() {
  api = useDialogs();
  return null;
}

function renderProvider(page: React.ReactNode = null, locale: 'en' | 'fr' = 'en') {
  return render(
    <TranslationProvider translator={createTestI18n(locale)}>
      <DialogProvider>
        <CaptureApi />
        <main>{page}</main>
      </DialogProvider>
    </TranslationProvider>,
  );
}

function CloseFromInside() {
  const dialog = useCurrentDialog();
  return (
    <button type="button" onClick={() => dialog.close()}>
      Done
    </button>
  );
}

afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
});

describe('DialogProvider', () => {
  it('renders an accessible dialog, focuses it and gives focus back to the opener on close', () => {
    renderProvider(
      <button type="button" onClick={() => api.open({ title: 'Sign in', content: <p>Form</p> })}>
        Open
      </button>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Sign in' }).id).toBe(dialog.getAttribute('aria-labelledby'));
    expect(document.activeElement).toBe(dialog);
    expect(api.dialogs).toEqual([
      expect.objectContaining({ type: 'popup', title: 'Sign in', closable: true }),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('traps Tab and Shift+Tab inside the topmost dialog', () => {
    renderProvider(<button type="button">Behind</button>);
    act(() => {
      api.open({
        title: 'Trap',
        content: (
          <>
            <input aria-label="Email" />
            <button type="button">Submit</button>
            <button type="button" disabled>
              Disabled
            </button>
          </>
        ),
      });
    });
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const submit = screen.getByRole('button', { name: 'Submit' });

    // From the dialog itself, Shift+Tab wraps to the last tabbable element.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
    // Tab on the last wraps to the first (the close button).
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);

    // Focus that escaped (e.g. programmatically) is pulled back in.
    screen.getByRole('button', { name: 'Behind', hidden: true }).focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('focuses an element marked data-autofocus', () => {
    renderProvider();
    act(() => {
      api.open({ title: 'Code', content: <input aria-label="Code" data-autofocus /> });
    });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
  });

  it('closes the topmost dialog on Escape, one at a time', () => {
    renderProvider();
    act(() => {
      api.open({ title: 'First', content: null });
      api.open({ title: 'Second', type: 'curtain', content: null });
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Second' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'First' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a non-closable dialog: no close button, Escape and backdrop ignored, force closes', () => {
    renderProvider();
    const onBeforeClose = vi.fn(() => undefined);
    let id = '';
    act(() => {
      id = api.open({ title: 'Complete your registration', content: null, closable: false, onBeforeClose });
    });
    expect(screen.queryByRole('button', { name: 'Close dialog' })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(dialog.previousElementSibling as Element);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(onBeforeClose).not.toHaveBeenCalled();

    let outcome = '';
    act(() => {
      outcome = api.close(id);
    });
    expect(outcome).toBe('not-closable');
    act(() => {
      outcome = api.close(id, { force: true });
    });
    expect(outcome).toBe('closed');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes a closable popup from its backdrop and from inside its content', () => {
    renderProvider();
    const onClosed = vi.fn();
    act(() => {
      api.open({ title: 'Promo', content: <CloseFromInside />, onClosed });
    });
    fireEvent.click(screen.getByRole('dialog').previousElementSibling as Element);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClosed).toHaveBeenCalledOnce();

    act(() => {
      api.open({ title: 'Promo', content: <CloseFromInside /> });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('respects an onBeforeClose veto from the close button', () => {
    renderProvider();
    act(() => {
      api.open({ title: 'Unsaved', content: null, onBeforeClose: () => false });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.getByRole('dialog', { name: 'Unsaved' })).toBeTruthy();
  });

  it('locks page scroll while any dialog is open, compensating the scrollbar', () => {
    Object.defineProperty(document.documentElement, 'clientWidth', {
      configurable: true,
      value: window.innerWidth - 15,
    });
    try {
      renderProvider();
      let first = '';
      let second = '';
      act(() => {
        first = api.open({ title: 'One', content: null });
      });
      expect(document.body.style.overflow).toBe('hidden');
      expect(document.body.style.paddingRight).toBe('15px');
      expect(document.documentElement.style.getPropertyValue('--scroll-lock-gap')).toBe('15px');
      act(() => {
        second = api.open({ title: 'Two', content: null });
      });
      act(() => {
        api.close(first);
      });
      expect(document.body.style.overflow).toBe('hidden');
      act(() => {
        api.close(second);
      });
      expect(document.body.style.overflow).toBe('');
      expect(document.body.style.paddingRight).toBe('');
      expect(document.documentElement.style.getPropertyValue('--scroll-lock-gap')).toBe('');
    } finally {
      Reflect.deleteProperty(document.documentElement, 'clientWidth');
    }
  });

  it('makes the page inert behind an open dialog', () => {
    const { container } = renderProvider(<p>Page</p>);
    const page = container.querySelector('main')?.parentElement as HTMLElement;
    expect(page.inert).toBe(false);
    let id = '';
    act(() => {
      id = api.open({ title: 'Modal', content: null });
    });
    expect(page.hasAttribute('inert')).toBe(true);
    act(() => {
      api.close(id);
    });
    expect(page.hasAttribute('inert')).toBe(false);
  });

  it('shows only the topmost dialog of each type, with z-index equal to stack position', () => {
    renderProvider();
    act(() => {
      api.open({ title: 'Auth', content: null });
      api.open({ title: 'Menu', type: 'curtain', content: null });
      api.open({ title: 'Forgot password', content: null });
    });
    const layer = (name: string) =>
      screen.getByRole('dialog', { name, hidden: true }).parentElement as HTMLElement;
    expect(layer('Auth').hidden).toBe(true);
    expect(layer('Menu').hidden).toBe(false);
    expect(layer('Forgot password').hidden).toBe(false);
    expect(['Auth', 'Menu', 'Forgot password'].map((name) => layer(name).style.zIndex)).toEqual([
      '1',
      '2',
      '3',
    ]);
    // Only the topmost takes input.
    expect(layer('Menu').hasAttribute('inert')).toBe(true);
    expect(layer('Forgot password').hasAttribute('inert')).toBe(false);
    expect(
      screen.getAllByRole('dialog').map((dialog) => dialog.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
  });

  it('returns focus into the dialog below when the one on top closes', () => {
    renderProvider();
    act(() => {
      api.open({
        title: 'Auth',
        content: (
          <button type="button" onClick={() => api.open({ title: 'Forgot password', content: null })}>
            Forgot?
          </button>
        ),
      });
    });
    const forgot = screen.getByRole('button', { name: 'Forgot?' });
    forgot.focus();
    fireEvent.click(forgot);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Forgot password' }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(document.activeElement).toBe(forgot);
  });

  it('queues a dialog until the stack is empty', () => {
    renderProvider();
    let first = '';
    act(() => {
      first = api.open({ title: 'Cashback', content: null });
      api.open({ title: 'Campaign', content: null, queue: true });
    });
    expect(screen.queryByRole('dialog', { name: 'Campaign', hidden: true })).toBeNull();
    act(() => {
      api.close(first);
    });
    const campaign = screen.getByRole('dialog', { name: 'Campaign' });
    expect(document.activeElement).toBe(campaign);
  });

  it('closeAll closes everything that may close', () => {
    renderProvider();
    act(() => {
      api.open({ title: 'A', content: null });
      api.open({ title: 'Locked', content: null, closable: false });
    });
    let left = -1;
    act(() => {
      left = api.closeAll();
    });
    expect(left).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Locked' })).toBeTruthy();
  });
});

describe('confirm', () => {
  it('resolves true on the confirm action, with default labels', async () => {
    renderProvider();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = api.confirm({ title: 'Burn bonuses?', text: 'Your bonus balance will be lost.' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Burn bonuses?' });
    expect(dialog.getAttribute('data-dialog-type')).toBe('confirm');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your bonus balance will be lost.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves false on cancel and on Escape; danger focuses cancel', async () => {
    renderProvider();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = api.confirm({ title: 'Remove bonus?', tone: 'danger', confirmText: 'Remove' });
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = api.confirm({ title: 'Activate?' });
    });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('speaks French', () => {
    renderProvider(null, 'fr');
    act(() => {
      void api.confirm({ title: 'Activer le bonus ?' });
    });
    expect(screen.getByRole('button', { name: 'Confirmer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fermer la fenêtre' })).toBeTruthy();
  });
});
