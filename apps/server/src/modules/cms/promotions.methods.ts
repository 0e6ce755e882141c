import { promotionsGet, promotionsGetOne } from '@croupier/contract/promotions/get';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { CmsService } from './cms.service.ts';

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function promotionsMethods(deps: { cms: CmsService }): BoundMethod[] {
  const { cms } = deps;
  return [
    bindMethod(promotionsGet, (input, ctx) =>
      cms.listPromotions({ locale: ctx.locale, offset: input.offset, count: input.count }),
    ),
    bindMethod(promotionsGetOne, (input, ctx) =>
      cms.getPromotion({ locale: ctx.locale, id: input.id, slug: input.slug }),
    ),
  ];
}
