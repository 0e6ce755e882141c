// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { Button, IconButton } from './button.tsx';
import { createTestI18n } from './test-i18n.ts';

afterEach(cleanup);

function withI18n(node: React.ReactNode) {
  return <TranslationProvider translator={createTestI18n()}>{node}</TranslationProvider>;
}

describe('Button', () => {
  it('is a type="button" button with the variant classes and a 44 px minimum height', () => {
    const onClick = vi.fn();
    render(withI18n(<Button onClick={onClick}>Play</Button>));
    const button = screen.getByRole('button', { name: 'Play' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('bg-accent');
    expect(button.className).toContain('min-h-12');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it.each(['sm', 'md', 'lg'] as const)('size %s is at least 44 px tall', (size) => {
    render(withI18n(<Button size={size}>Go</Button>));
    expect(screen.getByRole('button').className).toMatch(/min-h-(11|12|14)\b/);
  });

  it('is disabled and busy while loading, keeping its label', () => {
    const onClick = vi.fn();
    render(
      withI18n(
        <Button loading onClick={onClick} variant="danger">
          Withdraw
        </Button>,
      ),
    );
    const button = screen.getByRole('button', { name: 'Withdraw' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.animate-spin')).not.toBeNull();
  });

  it('renders a router link when given href', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: withI18n(
            <Button href="/cashier/deposit" variant="secondary" iconStart="deposit">
              Deposit
            </Button>,
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Deposit' });
    expect(link.getAttribute('href')).toBe('/cashier/deposit');
    expect(link.className).toContain('border-border-strong');
    expect(link.querySelector('use')?.getAttribute('href')).toBe('#icon-deposit');
  });
});

describe('IconButton', () => {
  it('has an accessible name and a 44 px square', () => {
    render(<IconButton icon="close" label="Close" />);
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button.className).toContain('size-11');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
