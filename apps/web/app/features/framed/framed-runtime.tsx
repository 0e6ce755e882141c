/**
 * Framed mode on every site page (spec §4; ADR 039), mounted once by the root: obeys `checkIframe`
 * messages from allowed origins, and when this page is framed by a page of ours, posts its path to
 * the parent; inside the messenger mini-app, fits the page to its viewport.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { framedPathMessage, frameMessageTarget, parentIsSameOrigin } from './frame-messages.ts';
import { TelegramViewportRuntime } from './telegram-viewport-runtime.tsx';

export function FramedRuntime({ frameMessageOrigins }: { frameMessageOrigins: readonly string[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = useRef(frameMessageOrigins);
  allowed.current = frameMessageOrigins;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frameMessageTarget(event, window.location.origin, allowed.current);
      if (target) void navigate(target);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);

  const { pathname, search } = location;
  useEffect(() => {
    if (!parentIsSameOrigin(window)) return;
    const message = framedPathMessage({ pathname, search });
    // The target origin is our own: only a page of this site receives the path.
    if (message) window.parent.postMessage(message, window.location.origin);
  }, [pathname, search]);
  return <TelegramViewportRuntime />;
}
