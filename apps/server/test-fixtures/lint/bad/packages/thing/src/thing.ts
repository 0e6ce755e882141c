import { AppError } from '../../../apps/server/src/lib/app-error.ts';

export const thing = [AppError];
