/**
 * What a player must do before a withdrawal (spec §8): confirm their contact, or pass identity
 * verification when the KYC block is on — each with a button to the operator's configured link.
 * Shown up front from the withdrawal settings, and when a request is refused for it.
 */
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Notice } from './cashier-card.tsx';
import type { WithdrawalGate } from './cashier-failure.ts';
import { ConfiguredLinkButton } from './configured-link.tsx';

export function WithdrawalGateNotice({
  gate,
  link,
  message,
}: {
  gate: WithdrawalGate;
  link: string;
  message?: string;
}) {
  const { t } = useTranslation('cashier');
  return (
    <Notice
      tone="warning"
      title={t(`withdraw.gate.${gate}.title`)}
      testId={`withdraw-gate-${gate}`}
      action={<ConfiguredLinkButton link={link}>{t(`withdraw.gate.${gate}.button`)}</ConfiguredLinkButton>}
    >
      {message || t(`withdraw.gate.${gate}.text`)}
    </Notice>
  );
}
