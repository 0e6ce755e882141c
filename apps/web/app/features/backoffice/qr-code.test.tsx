// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { QrCode } from './qr-code.tsx';

afterEach(cleanup);

test('the setup address as a QR code: a square of a QR version size, quiet zone included, dark modules as one path', () => {
  const uri =
    'otpauth://totp/Croupier%20back%20office:pay-clerk?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Croupier';
  render(<QrCode text={uri} label="QR code" />);
  const svg = screen.getByRole('img', { name: 'QR code' });
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  expect(width).toBe(height);
  // 17 + 4 × version modules, and 4 of quiet zone each side.
  expect(((width ?? 0) - 8 - 17) % 4).toBe(0);
  expect(width).toBeGreaterThanOrEqual(21 + 8);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  // The three finder patterns alone are 3 × 33 dark modules.
  expect(path.split('M').length - 1).toBeGreaterThan(99);
});
