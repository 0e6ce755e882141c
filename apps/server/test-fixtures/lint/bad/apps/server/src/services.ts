import { dispatch } from './http/dispatcher.ts';

export const services = [dispatch];
