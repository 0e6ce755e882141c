/**
 * /loyalty/shop (spec §2, ADR 033): the shop's products for points, with the buy confirm and the
 * insufficient-points popup (spec §4); guests see the products and are asked to sign in.
 */
import { loadLoyaltyInfo } from '../features/loyalty/loyalty-loaders.ts';
import { LoyaltyShopPage } from '../features/loyalty/loyalty-views.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/loyalty-shop';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [products, program, info] = await Promise.all([
    orErrorPage(web.api.call('loyalty.getproducts', {})),
    orErrorPage(web.api.call('loyalty.getProgram', {})),
    loadLoyaltyInfo(web),
  ]);
  return {
    products: products.items,
    alias: { pointsAlias: program.pointsAlias, pointsAliasOne: program.pointsAliasOne },
    info,
    pageMeta: { title: i18nFor(locale).t('loyalty:page.shopTitle') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function LoyaltyShop({ loaderData }: Route.ComponentProps) {
  return <LoyaltyShopPage products={loaderData.products} info={loaderData.info} alias={loaderData.alias} />;
}
