import { ERROR_STATUS } from '@croupier/contract/errors';

export const page = [ERROR_STATUS];
