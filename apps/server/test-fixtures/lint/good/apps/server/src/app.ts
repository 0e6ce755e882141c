import { route } from './http/route.ts';

export const app = [route];
