import { dispatch } from '../http/dispatcher.ts';

export const edge = [dispatch];
