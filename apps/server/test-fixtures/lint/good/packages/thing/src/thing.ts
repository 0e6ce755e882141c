import { ERROR_STATUS } from '@croupier/contract/errors';

export const thing = [ERROR_STATUS];
