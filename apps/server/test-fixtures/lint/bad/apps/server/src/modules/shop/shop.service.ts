// Each import below breaks a house rule (ADR 018); the lint test expects one diagnostic per line.
import { dispatch } from '../../http/dispatcher.ts';
import { tillRepository } from '../till/till.repository.ts';
import { tills } from '../till/till.tables.ts';

export const shop = [dispatch, tillRepository, tills];
