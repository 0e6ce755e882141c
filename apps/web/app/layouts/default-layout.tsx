/** Default layout route: header, menus and footer around the page. */
import { Outlet } from 'react-router';
import { CampaignPopupQueue } from '../features/campaigns/popup-queue.tsx';
import { DefaultShell } from '../features/shell/default-shell.tsx';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';

export default function DefaultLayout() {
  const { shell, isAuthenticated } = useRootData();
  const locale = usePageLocale();
  return (
    <DefaultShell shell={shell} locale={locale} isAuthenticated={isAuthenticated}>
      <Outlet />
      {/* The post-login popup queue (spec §4): unseen cashback, then campaign popups. */}
      <CampaignPopupQueue />
    </DefaultShell>
  );
}
