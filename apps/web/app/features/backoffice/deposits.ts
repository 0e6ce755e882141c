/** The payments desk's deposit search (`GET /nfx/operator/deposits`, cashier.routes.ts on the server). */

export const DEPOSITS_PAGE_SIZE = 20;
export const DEPOSIT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface OperatorDeposit {
  id: number;
  method: string;
  status: string;
  amount: { amount: string; currency: string };
  created_at: string;
  failure_code: string | null;
  player_id: number;
  provider_payment_id: string | null;
}

/** The search as the page's query string holds it; anything malformed is dropped, never sent. */
export interface DepositSearch {
  q: string;
  status: DepositStatus | '';
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseDepositSearch(search: URLSearchParams): DepositSearch {
  const status = search.get('status') ?? '';
  const day = (value: string | null) => (value && DAY.test(value) ? value : '');
  return {
    q: (search.get('q') ?? '').trim().slice(0, 128),
    status: (DEPOSIT_STATUSES as readonly string[]).includes(status) ? (status as DepositStatus) : '',
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}
