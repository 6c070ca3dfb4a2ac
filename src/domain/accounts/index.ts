export * from './messages.ts';
export * from './rules.ts';
export * from './session.ts';
export * from './text-rules.ts';
export * from './validation.ts';
