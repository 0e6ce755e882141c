import { AppError } from '../../lib/app-error.ts';
import type { TillService } from '../till/till.service.ts';
import { shopRepository } from './shop.repository.ts';
import { shops } from './shop.tables.ts';

export const shop = [AppError, shopRepository, shops] as const;
export type Till = TillService;
