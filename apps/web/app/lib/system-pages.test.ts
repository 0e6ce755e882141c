import { ApiError, ERROR_STATUS, ERROR_TYPES } from '@croupier/contract/errors';
import { data } from 'react-router';
import { describe, expect, test } from 'vitest';
import { systemPageKindOfPath } from './system-page-paths.ts';
import {
  errorPageFor,
  errorPageForApiError,
  systemPageButtonTarget,
  systemPageLayout,
} from './system-pages.ts';

function apiError(type: (typeof ERROR_TYPES)[number]) {
  return new ApiError({ type, message: 'm', code: 'c' }, ERROR_STATUS[type]);
}

describe('button targets (spec §2)', () => {
  test.each([
    ['userBlocked', '/support'],
    ['slotError', '/gamehall'],
    ['paySuccess', '/gamehall'],
    ['payCancel', '/cashier/deposit'],
    ['payFail', '/cashier/deposit'],
    ['payNewWindow', '/cashier/deposit'],
  ] as const)('%s → %s', (kind, target) => {
    expect(systemPageButtonTarget(kind)).toBe(target);
  });

  test.each(['maintenance', 'notFound', 'forbidden', 'unsubscribe', 'payMobile', 'payPending'] as const)(
    '%s has no button',
    (kind) => {
      expect(systemPageButtonTarget(kind)).toBeUndefined();
    },
  );

  test('maintenance and forbidden use the empty layout', () => {
    expect(systemPageLayout('maintenance')).toBe('empty');
    expect(systemPageLayout('forbidden')).toBe('empty');
    expect(systemPageLayout('notFound')).toBe('default');
    expect(systemPageLayout('userBlocked')).toBe('default');
  });
});

describe('error → page (spec §4, §8)', () => {
  test('API error types', () => {
    expect(errorPageForApiError(apiError('UserBannedException'))).toEqual({
      kind: 'userBlocked',
      status: 403,
    });
    expect(errorPageForApiError(apiError('ApplicationDisabledException'))).toEqual({
      kind: 'maintenance',
      status: 503,
    });
    expect(errorPageForApiError(apiError('ApplicationUnavailableException'))).toEqual({
      kind: 'maintenance',
      status: 503,
    });
    expect(errorPageForApiError(apiError('AccessDeniedException'))).toEqual({
      kind: 'forbidden',
      status: 403,
    });
    expect(errorPageForApiError(apiError('UserDeletedException'))).toEqual({
      kind: 'forbidden',
      status: 403,
    });
    expect(errorPageForApiError(apiError('MethodNotFoundException'))).toEqual({
      kind: 'notFound',
      status: 404,
    });
    expect(errorPageForApiError(apiError('TooManyRequestsException'))).toEqual({
      kind: 'userBlocked',
      status: 429,
    });
  });

  test('every typed error maps to some page', () => {
    for (const type of ERROR_TYPES) expect(errorPageFor(apiError(type)).kind).toBeTruthy();
  });

  test('thrown route responses and other errors', () => {
    const thrown = (init: ReturnType<typeof data>) => ({
      status: init.init?.status ?? 200,
      statusText: '',
      data: init.data,
      internal: false,
    });
    expect(errorPageFor(thrown(data({ page: 'notFound', path: '/x' }, { status: 404 })))).toEqual({
      kind: 'notFound',
      status: 404,
      path: '/x',
    });
    expect(errorPageFor(thrown(data('Forbidden', { status: 403 })))).toEqual({
      kind: 'forbidden',
      status: 403,
    });
    expect(errorPageFor(thrown(data('Down', { status: 503 })))).toEqual({ kind: 'maintenance', status: 503 });
    expect(errorPageFor(thrown(data('Not Found', { status: 404 })))).toEqual({
      kind: 'notFound',
      status: 404,
    });
    expect(errorPageFor(new Error('bug'))).toEqual({ kind: 'notFound', status: 500 });
  });
});

describe('systemPageKindOfPath', () => {
  test.each([
    ['/unsubscribe', 'unsubscribe'],
    ['/fr/unsubscribe', 'unsubscribe'],
    ['/cashier/paycancel', 'payCancel'],
    ['/cashier/paycancel/12', 'payCancel'],
    ['/fr/cashier/paycancel/12', 'payCancel'],
    ['/cashier/payfail', 'payFail'],
    ['/cashier/payfail/tx1', 'payFail'],
    ['/fr/cashier/paypending/7', 'payPending'],
    ['/cashier/paysuccess/9', 'paySuccess'],
    ['/cashier/paymobile', 'payMobile'],
    ['/cashier/paynewwindow', 'payNewWindow'],
  ] as const)('%s → %s', (path, kind) => {
    expect(systemPageKindOfPath(path)).toBe(kind);
  });

  test.each(['/', '/cashier', '/cashier/paymobile/1', '/cashier/deposit', '/about'])(
    '%s is no system page',
    (path) => {
      expect(systemPageKindOfPath(path)).toBeUndefined();
    },
  );
});

describe('isApiErrorLike', () => {
  test('recognises an ApiError from another copy of the contract package by its shape', () => {
    class ForeignApiError extends Error {
      readonly type = 'UserBannedException';
      readonly httpStatus = 403;
      constructor() {
        super('blocked');
        this.name = 'ApiError';
      }
    }
    expect(errorPageFor(new ForeignApiError())).toEqual({ kind: 'userBlocked', status: 403 });
    expect(
      errorPageFor(Object.assign(new Error('x'), { name: 'ApiError', type: 'Nope', httpStatus: 1 })),
    ).toEqual({
      kind: 'notFound',
      status: 500,
    });
  });
});
