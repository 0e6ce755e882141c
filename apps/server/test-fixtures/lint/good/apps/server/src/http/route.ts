import { shop } from '../modules/shop/shop.service.ts';
import { dispatch } from './dispatcher.ts';

export const route = [shop, dispatch];
