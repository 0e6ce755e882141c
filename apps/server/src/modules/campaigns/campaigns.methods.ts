/** Thin handlers of the campaigns.* methods. */
import { campaignsActivateOffer } from '@croupier/contract/campaigns/activate-offer';
import { campaignsCheckPromocode } from '@croupier/contract/campaigns/check-promocode';
import { campaignsGetoffers } from '@croupier/contract/campaigns/getoffers';
import { campaignsTakepromotions } from '@croupier/contract/campaigns/takepromotions';
import { popupsGet } from '@croupier/contract/popups/get';
import { bindMethod } from '../../lib/method-binding.ts';
import type { CampaignsService } from './campaigns.service.ts';

export function campaignsMethods({ campaigns }: { campaigns: CampaignsService }) {
  return [
    bindMethod(campaignsGetoffers, (input, ctx) =>
      campaigns.getOffers(ctx.player?.id ?? null, { offset: input.offset, count: input.count }, ctx.locale),
    ),
    bindMethod(campaignsTakepromotions, async (input, ctx) => {
      await campaigns.takePromotions(ctx.requirePlayer().id, BigInt(input.offer_id), ctx.locale);
      return 1 as const;
    }),
    bindMethod(campaignsActivateOffer, (input, ctx) =>
      campaigns.activateOffer(ctx.requirePlayer().id, input.promo_code, ctx.locale),
    ),
    bindMethod(campaignsCheckPromocode, async (input, ctx) => {
      await campaigns.checkPromoCode(ctx.player?.id ?? null, input.promo_code, ctx.locale);
      return 1 as const;
    }),
    bindMethod(popupsGet, (input, ctx) =>
      campaigns.popups(ctx.requirePlayer().id, input.popup ?? null, ctx.locale),
    ),
  ];
}
