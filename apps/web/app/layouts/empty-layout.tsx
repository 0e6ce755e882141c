/** Empty layout route: sign-in pages (and, through the error boundary, maintenance and forbidden). */
import { Outlet } from 'react-router';
import { EmptyShell } from '../features/shell/empty-shell.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';

export default function EmptyLayout() {
  return (
    <EmptyShell locale={usePageLocale()}>
      <Outlet />
    </EmptyShell>
  );
}
