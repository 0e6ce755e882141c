/**
 * sportsbook.* contracts: the in-house sportsbook's read methods (ADR 030). The spec names no
 * sportsbook methods; these are this implementation's, for the /betting pages.
 */

export * from './betting.ts';
export * from './catalogue.ts';
