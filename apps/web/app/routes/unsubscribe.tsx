/** `/unsubscribe` (spec §2): the unsubscribe system page; it has no button. */
import { SystemPage } from '../features/system-pages/system-page.tsx';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';

export default function Unsubscribe() {
  const { shell } = useRootData();
  return <SystemPage kind="unsubscribe" locale={usePageLocale()} texts={shell.systemPages.unsubscribe} />;
}
