// A foreign key names the other module's table: the one cross-module import a table may make.
import { tills } from '../till/till.tables.ts';

export const shops = [tills];
