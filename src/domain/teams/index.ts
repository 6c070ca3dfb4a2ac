export * from './combos.ts';
export * from './deal.ts';
export * from './export.ts';
export * from './messages.ts';
export * from './participants.ts';
export * from './seed.ts';
