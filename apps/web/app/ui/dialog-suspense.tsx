/**
 * `<DialogSuspense>` — a dialog body whose module loads when the dialog opens (a form kept out of
 * the page's initial JavaScript, issue #17). While it loads, a centred spinner with the usual
 * "Loading…" label; once it is there, the field marked `data-autofocus` gets the focus the dialog
 * would have given it had the body been there at opening (the dialog focused its panel instead).
 */
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Spinner } from './spinner.tsx';

function FocusWhenLoaded() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const panel = marker.current?.closest<HTMLElement>('[role="dialog"]');
    if (!panel || document.activeElement !== panel) return;
    panel.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
  }, []);
  return <span ref={marker} hidden />;
}

export function DialogSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-32 items-center justify-center">
          <Spinner />
        </div>
      }
    >
      {children}
      <FocusWhenLoaded />
    </Suspense>
  );
}
