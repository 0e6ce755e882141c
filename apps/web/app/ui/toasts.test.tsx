// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { createTestI18n } from './test-i18n.ts';
import {
  DEFAULT_TOAST_DURATION_MS,
  ToastProvider,
  type ToastProviderProps,
  type ToastsApi,
  useToasts,
} from './toasts.tsx';

let api: ToastsApi;

function CaptureApi() {
  api = useToasts();
  return null;
}

function renderToasts(props: Omit<ToastProviderProps, 'children'> = {}, locale: 'en' | 'fr' = 'en') {
  return render(
    <TranslationProvider translator={createTestI18n(locale)}>
      <ToastProvider {...props}>
        <CaptureApi />
      </ToastProvider>
    </TranslationProvider>,
  );
}

function region() {
  return screen.getByRole('region', { name: 'Notifications' });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces toasts politely and removes them after 5000 ms by default', () => {
    renderToasts();
    expect(DEFAULT_TOAST_DURATION_MS).toBe(5000);
    const list = within(region()).getByRole('list');
    expect(list.getAttribute('aria-live')).toBe('polite');

    act(() => {
      api.show({ kind: 'success', title: 'Deposit received', text: '€50.00 is on your balance.' });
    });
    const toast = within(list).getByRole('listitem');
    expect(toast.textContent).toContain('Success: Deposit received');
    expect(toast.textContent).toContain('€50.00 is on your balance.');
    expect(toast.getAttribute('data-kind')).toBe('success');

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(within(list).queryByRole('listitem')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(list).queryByRole('listitem')).toBeNull();
  });

  it('honours a custom duration and an unlimited one', () => {
    renderToasts();
    act(() => {
      api.show({ kind: 'info', title: 'Short', durationMs: 1000 });
      api.show({ kind: 'info', title: 'Sticky', durationMs: Number.POSITIVE_INFINITY });
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Short')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(60 * 60 * 1000);
    });
    expect(screen.getByText('Sticky')).toBeTruthy();
  });

  it('closes on its close button and by id', () => {
    renderToasts();
    let id = '';
    act(() => {
      api.show({ kind: 'error', title: 'Payment failed' });
      id = api.show({ kind: 'info', title: 'Second' });
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    expect(screen.queryByText('Payment failed')).toBeNull();
    act(() => {
      api.dismiss(id);
    });
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('pauses the timer while hovered and resumes with the time left', () => {
    renderToasts();
    act(() => {
      api.show({ kind: 'info', title: 'Read me' });
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.mouseEnter(screen.getByRole('listitem'));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('Read me')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByRole('listitem'));
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByText('Read me')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Read me')).toBeNull();
  });

  it('keeps at most maxVisible toasts, dropping the oldest', () => {
    renderToasts({ maxVisible: 2 });
    act(() => {
      for (const title of ['one', 'two', 'three']) api.show({ kind: 'info', title });
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('two'),
      expect.stringContaining('three'),
    ]);
  });

  it('sits under the header by its classes (the browser journeys measure where), or at topOffsetPx', () => {
    renderToasts();
    expect(region().style.top).toBe('');
    expect(region().className).toContain('top-[calc(var(--header-height,0px)+0.75rem)]');
    cleanup();
    renderToasts({ topOffsetPx: 64 });
    expect(region().style.top).toBe('76px');
  });

  it('speaks French', () => {
    renderToasts({}, 'fr');
    act(() => {
      api.show({ kind: 'error', title: 'Paiement refusé' });
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toContain('Erreur: Paiement refusé');
    expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeTruthy();
  });
});
