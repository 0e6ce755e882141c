import { AppError } from '../../server/src/lib/app-error.ts';
import { messages } from '@croupier/server/messages';

export const page = [AppError, messages];
