import { accountSetUserOnVerification } from '@croupier/contract/account/set-user-on-verification';
import { sumsubCreateApplicant } from '@croupier/contract/sumsub/create-applicant';
import { sumsubGetAccessToken } from '@croupier/contract/sumsub/get-access-token';
import { sumsubGetStatus } from '@croupier/contract/sumsub/get-status';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { KycService } from './kyc.service.ts';

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function kycMethods(deps: { kyc: KycService }): BoundMethod[] {
  const { kyc } = deps;
  return [
    bindMethod(sumsubCreateApplicant, (_input, ctx) => kyc.createApplicant(ctx.requirePlayer().id)),
    bindMethod(sumsubGetAccessToken, (input, ctx) =>
      kyc.getAccessToken(ctx.requirePlayer().id, ctx.locale, input.externalActionId),
    ),
    bindMethod(sumsubGetStatus, (_input, ctx) => kyc.getStatus(ctx.requirePlayer().id)),
    bindMethod(accountSetUserOnVerification, (_input, ctx) =>
      kyc.setUserOnVerification(ctx.requirePlayer().id),
    ),
  ];
}
