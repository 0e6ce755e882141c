// @vitest-environment happy-dom
/**
 * The profile forms in a router with the real providers, the player API answered by a stubbed
 * `fetch`: server field codes land on their fields, the new-contact field follows the spec §4
 * dirty/invalid rules, and `from`/`toastType` show one toast and leave the address.
 */
import type { PhoneSettings } from '@croupier/contract/account/get-contact-phone-settings';
import type { PersonalDataField } from '@croupier/contract/account/get-personal-data-fields';
import type { ProfileFields } from '@croupier/contract/account/get-profile-info';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { ToastProvider } from '../../ui/toasts.tsx';
import { AddContactForm } from './add-contact-form.tsx';
import { type FormSettings, FormSettingsProvider } from './form-settings.tsx';
import { PersonalDataForm } from './personal-data-form.tsx';
import { createProfileTestI18n } from './test-profile-i18n.ts';
import { useEntryToast } from './use-entry-toast.ts';

const SETTINGS: FormSettings = { locale: 'en', overrides: {}, strategy: 'eager' };

const PHONE: PhoneSettings = {
  default_country_code: 'FR',
  countries: [
    { country_code: 'FR', dial_code: '33', name: 'France' },
    { country_code: 'GB', dial_code: '44', name: 'United Kingdom' },
  ],
  code_length: 6,
  resend_seconds: 60,
};

interface Call {
  method: string;
  body: URLSearchParams;
}
let calls: Call[] = [];
let answers: Array<{ status: number; body: unknown }> = [];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push({ method, body: init.body ?? new URLSearchParams() });
    const answer = answers.shift() ?? { status: 200, body: { status: 1, data: 1 } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function refuse(fields: Record<string, string>, message: string) {
  answers.push({
    status: 400,
    body: {
      status: 0,
      error: { type: 'InvalidParameterException', code: 'invalid_parameter', message, fields },
    },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, page: ReactNode) {
  const Stub = createRoutesStub([
    {
      path: '/profile/settings',
      Component: () => (
        <TranslationProvider translator={createProfileTestI18n('en')}>
          <ToastProvider>
            <FormSettingsProvider value={SETTINGS}>
              {page}
              <LocationProbe />
            </FormSettingsProvider>
          </ToastProvider>
        </TranslationProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('AddContactForm', () => {
  test('typing judges the contact; a successful add leaves the field empty and clean', async () => {
    renderAt('/profile/settings', <AddContactForm phone={PHONE} />);
    const input = await screen.findByLabelText('Email address');

    fireEvent.change(input, { target: { value: 'anna@' } });
    expect(screen.getByText('Wrong email address')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('data-dirty')).toBe('true');

    fireEvent.change(input, { target: { value: 'anna@example.com' } });
    expect(screen.queryByText('Wrong email address')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(input.getAttribute('data-dirty')).toBe('false');
    expect(calls[0]?.method).toBe('account.addcontact');
    expect(Object.fromEntries(calls[0]?.body ?? [])).toEqual({ contact: 'anna@example.com' });
    expect(await screen.findByText('Contact added')).toBeTruthy();
  });

  test('a refused add marks the field: a format code as wrongPhoneFormat, other codes with the server reason', async () => {
    renderAt('/profile/settings', <AddContactForm phone={PHONE} />);
    fireEvent.click(await screen.findByLabelText('Phone'));
    const input = screen.getByLabelText('Phone number');
    fireEvent.change(input, { target: { value: '06 12 34 56 78' } });

    refuse({ contact: 'phoneFormat' }, 'Wrong phone number format');
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('Wrong phone number format')).toBeTruthy();
    expect(Object.fromEntries(calls[0]?.body ?? [])).toEqual({
      contact: '06 12 34 56 78',
      phone_country_code: 'FR',
    });
    expect((input as HTMLInputElement).value).toBe('06 12 34 56 78');

    fireEvent.change(input, { target: { value: '06 12 34 56 79' } });
    refuse({ contact: 'contactExists' }, 'You have already added this contact.');
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('You have already added this contact.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  test('a failure without a field says "Failed to add contact"', async () => {
    renderAt('/profile/settings', <AddContactForm phone={PHONE} />);
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'a@b.fr' } });
    answers.push({
      status: 500,
      body: {
        status: 0,
        error: { type: 'InternalServerErrorException', code: 'internal', message: 'Something went wrong!' },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Failed to add contact')).toBeTruthy();
  });
});

const PROFILE: ProfileFields = {
  first_name: 'Anna',
  last_name: 'Martin',
  sex: 2,
  birth_date: '1990-05-24',
  cpf: null,
  country: 'France',
  country_code: 'FR',
  region: null,
  home_town: 'Lyon',
  address: '1 rue Neuve',
  postcode: '69001',
};

const FIELDS: PersonalDataField[] = (
  [
    'first_name',
    'last_name',
    'sex',
    'birth_date',
    'country_code',
    'home_town',
    'address',
    'postcode',
  ] as const
).map((name) => ({ name, check: 'text', required: true, editable: true, filled: true }));

describe('PersonalDataForm', () => {
  test('server field codes land on their fields and the first one takes focus', async () => {
    renderAt(
      '/profile/settings',
      <PersonalDataForm profile={PROFILE} fields={FIELDS} countries={PHONE.countries} />,
    );
    const postcode = await screen.findByLabelText(/Postcode/);
    refuse({ postcode: 'postcode', country: 'required' }, 'Some parameters are invalid.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Wrong postcode')).toBeTruthy();
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    const country = screen.getByLabelText(/Country/);
    expect(country.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(postcode));
    expect(calls[0]?.method).toBe('account.saveProfileInfo');
    expect(Object.fromEntries(calls[0]?.body ?? [])).toMatchObject({
      first_name: 'Anna',
      sex: '2',
      birth_date: '1990-05-24',
      country_code: 'FR',
      country: 'France',
    });
  });

  test('any other failure says "Failed to save data"', async () => {
    renderAt(
      '/profile/settings',
      <PersonalDataForm profile={PROFILE} fields={FIELDS} countries={PHONE.countries} />,
    );
    await screen.findByLabelText(/Postcode/);
    answers.push({
      status: 429,
      body: {
        status: 0,
        error: { type: 'TooManyRequestsException', code: 'rate_limited', message: 'Too many requests.' },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Failed to save data')).toBeTruthy();
    expect(within(toasts).getByText('Too many requests.')).toBeTruthy();
  });
});

function EntryToastPage() {
  useEntryToast();
  return <p>Settings</p>;
}

describe('useEntryToast', () => {
  test('from and toastType show the matching toast once and leave the address', async () => {
    renderAt('/profile/settings?from=confirmation&toastType=success&tab=2', <EntryToastPage />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile/settings?tab=2'));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toasts).getAllByText('Contact confirmed')).toHaveLength(1);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(within(toasts).getAllByText('Contact confirmed')).toHaveLength(1);
  });

  test('an unknown toastType shows nothing but the address is still cleaned', async () => {
    renderAt('/profile/settings?from=confirmation&toastType=bogus', <EntryToastPage />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile/settings'));
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).queryAllByRole('listitem'),
    ).toHaveLength(0);
  });
});
