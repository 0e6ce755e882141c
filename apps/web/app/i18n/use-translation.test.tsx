// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Translator } from './translator.ts';
import { Trans, TranslationProvider, useTranslation } from './use-translation.tsx';

function Title({ namespace }: { namespace?: string | readonly string[] }) {
  const { t } = useTranslation(namespace);
  return <h1>{t('title')}</h1>;
}

afterEach(cleanup);

describe('useTranslation', () => {
  test("reads the provider's translator, in the first namespace named or the default one", () => {
    const translator = new Translator(
      'en',
      { common: { title: 'Home' }, games: { title: 'Games' } },
      'common',
    );
    const { rerender } = render(
      <TranslationProvider translator={translator}>
        <Title />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Home');
    rerender(
      <TranslationProvider translator={translator}>
        <Title namespace={['games', 'common']} />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Games');
  });

  test('redraws when the namespace it reads is added later (a lazily loaded bundle)', () => {
    const translator = new Translator('fr', { common: {} }, 'common');
    render(
      <TranslationProvider translator={translator}>
        <Title namespace="rgs" />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('title');
    act(() => translator.addNamespace('rgs', { title: 'Jeux' }));
    expect(screen.getByRole('heading').textContent).toBe('Jeux');
  });

  test('outside a provider it names the wiring bug', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Title />)).toThrow(/TranslationProvider/);
    quiet.mockRestore();
  });
});

describe('Trans', () => {
  const translator = new Translator(
    'en',
    { auth: { terms: 'I accept the <terms>Terms</terms> and <other>rules</other>, {{name}}.' } },
    'auth',
  );

  test('puts each tagged part into its component, the rest as text', () => {
    const { container } = render(
      <Trans
        t={translator.t}
        i18nKey="terms"
        values={{ name: 'Ana' }}
        // biome-ignore lint/a11y/useAnchorContent: Trans puts the link text in.
        components={{ terms: <a href="/terms" /> }}
      />,
    );
    expect(container.innerHTML).toBe('I accept the <a href="/terms">Terms</a> and rules, Ana.');
  });
});
