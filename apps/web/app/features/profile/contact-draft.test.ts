import { describe, expect, test } from 'vitest';
import { canAddContact, contactDraftReducer, EMPTY_CONTACT_DRAFT } from './contact-draft.ts';

describe('the new-contact field (spec §4 "Contact save")', () => {
  test('an invalid contact typed sets the invalid flag and its message', () => {
    const state = contactDraftReducer(EMPTY_CONTACT_DRAFT, {
      type: 'change',
      value: 'anna@',
      message: 'Wrong email address',
    });
    expect(state).toEqual({ value: 'anna@', dirty: true, invalid: true, message: 'Wrong email address' });
    expect(canAddContact(state)).toBe(false);
  });

  test('a valid contact typed is dirty and may be added', () => {
    const state = contactDraftReducer(EMPTY_CONTACT_DRAFT, {
      type: 'change',
      value: 'anna@example.com',
      message: null,
    });
    expect(state).toEqual({ value: 'anna@example.com', dirty: true, invalid: false, message: null });
    expect(canAddContact(state)).toBe(true);
  });

  test('after a successful add the field is empty and no longer dirty', () => {
    const typed = contactDraftReducer(EMPTY_CONTACT_DRAFT, {
      type: 'change',
      value: 'a@b.fr',
      message: null,
    });
    const added = contactDraftReducer(typed, { type: 'added' });
    expect(added).toEqual(EMPTY_CONTACT_DRAFT);
    expect(added.dirty).toBe(false);
    expect(canAddContact(added)).toBe(false);
  });

  test('a refused add keeps the value and marks it invalid with the reason', () => {
    const typed = contactDraftReducer(EMPTY_CONTACT_DRAFT, {
      type: 'change',
      value: 'a@b.fr',
      message: null,
    });
    const refused = contactDraftReducer(typed, {
      type: 'refused',
      message: 'You have already added this contact.',
    });
    expect(refused).toEqual({
      value: 'a@b.fr',
      dirty: true,
      invalid: true,
      message: 'You have already added this contact.',
    });
    // Typing again judges the new value afresh.
    const retyped = contactDraftReducer(refused, { type: 'change', value: 'c@b.fr', message: null });
    expect(retyped.invalid).toBe(false);
  });

  test('clearing the field is not an error, and changing the contact kind starts over', () => {
    const typed = contactDraftReducer(EMPTY_CONTACT_DRAFT, { type: 'change', value: 'x', message: 'Wrong' });
    expect(contactDraftReducer(typed, { type: 'change', value: '  ', message: 'Field is required' })).toEqual(
      {
        ...EMPTY_CONTACT_DRAFT,
        value: '  ',
      },
    );
    expect(contactDraftReducer(typed, { type: 'reset' })).toEqual(EMPTY_CONTACT_DRAFT);
  });
});
