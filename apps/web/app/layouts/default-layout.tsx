/** Default layout route: header, menus and footer around the page. */
import { Outlet } from 'react-router';
import { DefaultShell } from '../features/shell/default-shell.tsx';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { deferred } from '../ui/deferred.tsx';

// It opens its popups after sign-in, never while the page is served: loaded after hydration.
const CampaignPopupQueue = deferred(() =>
  import('../features/campaigns/popup-queue.tsx').then((module) => module.CampaignPopupQueue),
);

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
