// A table may name another module's table (a foreign key), never its repository.
import { tillRepository } from '../till/till.repository.ts';

export const shops = [tillRepository];
