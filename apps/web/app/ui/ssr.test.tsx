// Node environment on purpose: the providers must server-render without window or document.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { Button } from './button.tsx';
import { DialogProvider } from './dialogs.tsx';
import { Field } from './field.tsx';
import { Input } from './input.tsx';
import { Logo } from './logo.tsx';
import { ScreenClassProvider } from './screen-class.tsx';
import { Skeleton } from './skeleton.tsx';
import { Spinner } from './spinner.tsx';
import { SpriteSheet } from './sprite.tsx';
import { createTestI18n } from './test-i18n.ts';
import { ToastProvider } from './toasts.tsx';

describe('server rendering', () => {
  it('renders the providers and components without touching the DOM', () => {
    expect(typeof document).toBe('undefined');
    const html = renderToString(
      <TranslationProvider translator={createTestI18n('fr')}>
        <SpriteSheet />
        <ScreenClassProvider initial="tablet">
          <ToastProvider>
            <DialogProvider>
              <Logo />
              <Button>Jouer</Button>
              <Field label="E-mail" error="Adresse e-mail invalide">
                <Input type="email" />
              </Field>
              <Spinner />
              <Skeleton className="h-4" />
            </DialogProvider>
          </ToastProvider>
        </ScreenClassProvider>
      </TranslationProvider>,
    );
    expect(html).toContain('id="icon-home"');
    expect(html).toContain('Jouer');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Chargement…');
    // The empty live region is there from the start so the first toast is announced.
    expect(html).toMatch(/<section aria-label="Notifications"[^>]*>.*aria-live="polite"/);
    expect(html).not.toContain('role="dialog"');
  });
});
