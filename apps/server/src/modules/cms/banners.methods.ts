import { bannersGet } from '@croupier/contract/banners/get';
import { bindMethod } from '../../http/method-binding.ts';

export const bannersMethods = [
  bindMethod(bannersGet, (input, ctx) =>
    ctx.services.cms.listBanners({
      locale: ctx.locale,
      offset: input.offset,
      count: input.count,
      fields: input.fields,
      position: input.position,
    }),
  ),
];
