import { describe, expect, it } from 'vitest';
import { interpolate, requiredPlaceholders } from './interpolate.ts';

describe('interpolate', () => {
  it('fills placeholders and keeps an optional part only with all its values', () => {
    const template = 'Some parameters are invalid[: {fields}].';
    expect(interpolate(template, { fields: 'sysname' })).toBe('Some parameters are invalid: sysname.');
    expect(interpolate(template)).toBe('Some parameters are invalid.');
    expect(interpolate(template, { fields: '  ' })).toBe('Some parameters are invalid.');
    expect(interpolate('Up to {max}[ until {until}][ ({code})].', { max: 5, until: 'Monday' })).toBe(
      'Up to 5 until Monday.',
    );
    expect(interpolate('[{a} and {b}]!', { a: '1' })).toBe('!');
  });

  it('never shows a raw placeholder, even one that must be given', () => {
    expect(interpolate('Open {link} now')).toBe('Open  now');
    expect(requiredPlaceholders('Open {link}[ in {minutes} min]')).toEqual(['link']);
  });

  it('keeps brackets without a placeholder as text', () => {
    expect(interpolate('Characters not allowed: [, ][ ({code})]')).toBe('Characters not allowed: [, ]');
  });

  it('does not treat a value as a template', () => {
    expect(interpolate('Hello {name}[ ({code})]', { name: '{code}', code: '[x]' })).toBe(
      'Hello {code} ([x])',
    );
  });
});
