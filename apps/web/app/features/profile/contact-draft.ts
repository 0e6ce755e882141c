/**
 * The new-contact field's state (spec §4 "Contact save"): typing judges the value at once (an
 * invalid contact sets the invalid flag and its message), a successful add leaves the field empty
 * and no longer dirty, and a refused add marks it invalid with the reason.
 */
export interface ContactDraft {
  value: string;
  /** The player typed something that is not saved yet. */
  dirty: boolean;
  invalid: boolean;
  message: string | null;
}

export type ContactDraftAction =
  /** `message`: the rule's text for the typed value, or null when it is valid. */
  | { type: 'change'; value: string; message: string | null }
  | { type: 'added' }
  | { type: 'refused'; message: string }
  /** The contact kind (email/phone) changed: start over. */
  | { type: 'reset' };

export const EMPTY_CONTACT_DRAFT: ContactDraft = { value: '', dirty: false, invalid: false, message: null };

export function contactDraftReducer(state: ContactDraft, action: ContactDraftAction): ContactDraft {
  switch (action.type) {
    case 'change':
      // Clearing the field is not an error: there is simply nothing to add.
      if (action.value.trim() === '') return { ...EMPTY_CONTACT_DRAFT, value: action.value };
      return {
        value: action.value,
        dirty: true,
        invalid: action.message !== null,
        message: action.message,
      };
    case 'added':
    case 'reset':
      return EMPTY_CONTACT_DRAFT;
    case 'refused':
      return { ...state, invalid: true, message: action.message };
  }
}

/** The add button works only for a typed, valid value. */
export function canAddContact(draft: ContactDraft): boolean {
  return draft.dirty && !draft.invalid;
}
