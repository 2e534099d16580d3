export * from './envelope.ts';
export * from './shared.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './reference.ts';
export * from './guest.ts';
export * from './chargers.ts';
export * from './calls.ts';
