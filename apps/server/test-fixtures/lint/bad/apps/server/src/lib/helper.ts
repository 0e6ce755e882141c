import { shop } from '../modules/shop/shop.service.ts';
import { translate } from '../http/messages.ts';

export const helper = [shop, translate];
