// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field.tsx';
import { Input } from './input.tsx';

afterEach(cleanup);

describe('Field + Input', () => {
  it('labels the input and describes it with the hint', () => {
    render(
      <Field label="Email" hint="We send the receipt here">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('We send the receipt here');
  });

  it('marks the input invalid and points at the error text', () => {
    render(
      <Field label="Password" hint="At least 6 characters" error="Wrong password" required>
        <Input type="password" aria-describedby="extra" />
      </Field>,
    );
    const input = screen.getByLabelText(/Password/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids).toHaveLength(3);
    expect(ids).toContain('extra');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain('Wrong password');
    const error = screen.getByText('Wrong password').parentElement as HTMLElement;
    expect(error.className).toContain('text-danger');
    expect(input.className).toContain('border-danger');
  });

  it('works standalone with adornments', () => {
    render(
      <Input
        aria-label="Search games"
        leadingIcon="search"
        trailing={<button type="button">x</button>}
        invalid
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Search games' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.id).toBe('');
    expect(input.parentElement?.querySelector('use')?.getAttribute('href')).toBe('#icon-search');
  });
});
