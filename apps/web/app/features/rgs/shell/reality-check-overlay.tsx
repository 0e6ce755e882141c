/**
 * The reality check over the game (ADR 028): the site around the frame posts its text
 * (`../reality-check-message.ts`); the overlay covers the board until the player continues.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { type RealityCheckMessage, readRealityCheckMessage } from '../reality-check-message.ts';

const framingWindow = () => window.parent;

export function RealityCheckOverlay({ parent = framingWindow }: { parent?: () => unknown }) {
  const [message, setMessage] = useState<RealityCheckMessage | null>(null);
  const overlay = useRef<HTMLDivElement>(null);
  // The overlay takes the focus so a keyboard player reads it and continues from there.
  useEffect(() => {
    if (message) overlay.current?.querySelector('button')?.focus();
  }, [message]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = parent();
      // Not framed: no parent to trust.
      if (source === window) return;
      const read = readRealityCheckMessage(event, { origin: window.location.origin, source });
      if (read) setMessage(read);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [parent]);
  if (!message) return null;
  return (
    <div
      ref={overlay}
      className="absolute inset-0 z-40 flex items-center justify-center bg-black/70 p-4"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="rgs-reality-check-title"
      data-testid="rgs-reality-check"
    >
      <div className="flex w-full max-w-sm flex-col gap-3 rounded-2xl border border-border bg-raised p-5 text-center">
        <h2 id="rgs-reality-check-title" className="text-lg font-bold">
          {message.title}
        </h2>
        {message.lines.map((line) => (
          <p key={line} className="text-sm text-muted">
            {line}
          </p>
        ))}
        <Button fullWidth onClick={() => setMessage(null)}>
          {message.continueLabel}
        </Button>
      </div>
    </div>
  );
}
