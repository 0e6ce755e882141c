/** The feedback form's checks, the same bounds as the contract (Support.sendFeedback). */
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_CHARS,
  FEEDBACK_MESSAGE_MIN_CHARS,
  FEEDBACK_SUBJECT_MAX_CHARS,
} from '@croupier/contract/support/send-feedback';

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export interface FeedbackDraft {
  category: string;
  subject: string;
  message: string;
  email: string;
}

export type FeedbackErrorCode = 'required' | 'too_long' | 'too_short' | 'invalid_email';
export type FeedbackErrors = Partial<Record<keyof FeedbackDraft, FeedbackErrorCode>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems of a draft (empty when it can be sent); a guest must give an email. */
export function validateFeedback(draft: FeedbackDraft, isGuest: boolean): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(draft.category)) errors.category = 'required';
  const subject = draft.subject.trim();
  if (subject === '') errors.subject = 'required';
  else if (subject.length > FEEDBACK_SUBJECT_MAX_CHARS) errors.subject = 'too_long';
  const message = draft.message.trim();
  if (message === '') errors.message = 'required';
  else if (message.length < FEEDBACK_MESSAGE_MIN_CHARS) errors.message = 'too_short';
  else if (message.length > FEEDBACK_MESSAGE_MAX_CHARS) errors.message = 'too_long';
  const email = draft.email.trim();
  if (email === '') {
    if (isGuest) errors.email = 'required';
  } else if (!EMAIL.test(email) || email.length > 320) errors.email = 'invalid_email';
  return errors;
}

export {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_CHARS,
  FEEDBACK_MESSAGE_MIN_CHARS,
  FEEDBACK_SUBJECT_MAX_CHARS,
};
