/** Default layout route: header, menus and footer around the page. */
import { Outlet } from 'react-router';
import { DefaultShell } from '../features/shell/default-shell.tsx';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';

export default function DefaultLayout() {
  const { shell, isAuthenticated } = useRootData();
  const locale = usePageLocale();
  return (
    <DefaultShell shell={shell} locale={locale} isAuthenticated={isAuthenticated}>
      <Outlet />
    </DefaultShell>
  );
}
