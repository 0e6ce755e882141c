// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenClassProvider, useScreenClass } from './screen-class.tsx';

/** happy-dom's test hook for resizing the window (it fires matchMedia change events). */
const { happyDOM } = window as unknown as {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
};

function Show() {
  return <output>{useScreenClass()}</output>;
}

afterEach(cleanup);

describe('ScreenClassProvider', () => {
  it('server-renders the initial class (mobile by default)', () => {
    expect(
      renderToString(
        <ScreenClassProvider>
          <Show />
        </ScreenClassProvider>,
      ),
    ).toContain('mobile');
    expect(
      renderToString(
        <ScreenClassProvider initial="desktop">
          <Show />
        </ScreenClassProvider>,
      ),
    ).toContain('desktop');
  });

  it('follows the viewport on the client', async () => {
    happyDOM.setViewport({ width: 1024, height: 768 });
    render(
      <ScreenClassProvider initial="mobile">
        <Show />
      </ScreenClassProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('laptop');
    await act(async () => {
      happyDOM.setViewport({ width: 1440, height: 900 });
    });
    expect(screen.getByRole('status').textContent).toBe('desktop');
    await act(async () => {
      happyDOM.setViewport({ width: 375, height: 800 });
    });
    expect(screen.getByRole('status').textContent).toBe('mobile');
  });

  it('throws outside the provider', () => {
    expect(() => renderToString(<Show />)).toThrow(/ScreenClassProvider/);
  });
});
