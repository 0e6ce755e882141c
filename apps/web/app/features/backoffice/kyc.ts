/** The KYC review desk (`/nfx/operator/kyc/reviews…`, kyc-operator.routes.ts on the server). */

/** The queue's tabs: the statuses each lists (`waiting` is the default: pending and retry). */
export const KYC_TABS = {
  waiting: 'pending,retry',
  verified: 'verified',
  rejected: 'rejected',
} as const;
export type KycTab = keyof typeof KYC_TABS;

export const KYC_PAGE_SIZE = 20;

/** A manual decision's outcomes. */
export const KYC_DECISIONS = ['verified', 'retry', 'rejected'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** The server's bounds for a decision's reason. */
export const KYC_REASON_MIN = 3;
export const KYC_REASON_MAX = 500;

export interface KycQueueItem {
  player_id: number;
  applicant_id: string;
  status: string;
  last_event_at: string | null;
  updated_at: string;
}

export interface KycDocument {
  id: string;
  type: string;
  file_name: string;
  mime_type: string;
  size: number;
}

export interface KycReview extends KycQueueItem {
  provider: {
    review_status: string | null;
    review_answer: string | null;
    reject_type: string | null;
    reject_labels: string[];
    moderation_comment: string | null;
  } | null;
  documents: KycDocument[];
  provider_error: string | null;
}

export interface KycImage {
  id: string;
  mime_type: string;
  content_base64: string;
}

export function parseKycTab(value: string | null): KycTab {
  return value !== null && Object.hasOwn(KYC_TABS, value) ? (value as KycTab) : 'waiting';
}

/** An image the server sent as a `data:` URL, only for image types. */
export function imageSource(image: KycImage): string | null {
  if (!/^image\/(jpeg|png|webp|gif)$/.test(image.mime_type)) return null;
  if (!/^[A-Za-z0-9+/=]*$/.test(image.content_base64)) return null;
  return `data:${image.mime_type};base64,${image.content_base64}`;
}
