/** /cashier/billing[/…] (spec §2): to the deposit index unless the path is a deposit method page. */
import { redirect } from 'react-router';
import { billingRedirectTarget } from '../features/cashier/billing-redirect.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/cashier-billing';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const methods = await orErrorPage(web.api.call('cashier.paymentMethods'));
  const depositMethods = methods.items
    .filter((method) => method.deposit !== null)
    .map((method) => method.sysname);
  throw redirect(billingRedirectTarget(url.pathname, url.search, depositMethods));
}

export default function CashierBilling() {
  return null;
}
