export * from './filters.ts';
export * from './messages.ts';
export * from './product.ts';
export * from './registration.ts';
export * from './sections.ts';
export * from './slug.ts';
export * from './types.ts';
export * from './validation.ts';
