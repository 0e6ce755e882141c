import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { formatDateTimeUtc } from './format-date-time.ts';
import { createMessageRegistry, defineCatalogue } from './messages.ts';

const until = defineCatalogue({
  name: 'until',
  en: { 'until.text': 'Closed[ until {until}].' },
  fr: { 'until.text': "Fermé[ jusqu'au {until}]." },
});

describe('dates in server messages', () => {
  it('writes dd.mm.yyyy and H:mm in UTC, joined in the locale', () => {
    const date = new Date('2027-03-07T09:05:30Z');
    expect(formatDateTimeUtc(date, 'en')).toBe('07.03.2027 at 9:05 UTC');
    expect(formatDateTimeUtc(date, 'fr')).toBe('07.03.2027 à 9:05 UTC');
    expect(formatDateTimeUtc(new Date('2027-12-31T23:59:00Z'), 'en')).toBe('31.12.2027 at 23:59 UTC');
  });

  it('turns a Date value of an error into the reader’s date, never an ISO string', () => {
    const registry = createMessageRegistry([until]);
    const error = new AppError('AccessDeniedException', {
      message: 'until.text',
      values: { until: new Date('2027-03-07T09:05:00Z') },
    });
    expect(registry.errorText('en', error)).toBe('Closed until 07.03.2027 at 9:05 UTC.');
    expect(registry.errorText('fr', error)).toBe("Fermé jusqu'au 07.03.2027 à 9:05 UTC.");
    expect(until.text('en', 'until.text', { until: new Date('2027-03-07T09:05:00Z') })).not.toContain('T09');
  });
});
