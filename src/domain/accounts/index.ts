export * from './messages.ts';
export * from './rules.ts';
export * from './session.ts';
export * from './validation.ts';
