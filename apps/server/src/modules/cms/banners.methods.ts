import { bannersGet } from '@croupier/contract/banners/get';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { CmsService } from './cms.service.ts';

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function bannersMethods(deps: { cms: CmsService }): BoundMethod[] {
  const { cms } = deps;
  return [
    bindMethod(bannersGet, (input, ctx) =>
      cms.listBanners({
        locale: ctx.locale,
        offset: input.offset,
        count: input.count,
        fields: input.fields,
        position: input.position,
      }),
    ),
  ];
}
