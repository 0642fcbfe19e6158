export * from './accounts.ts';
export * from './organizations.ts';
export * from './identity.ts';
export * from './system.ts';
export * from './billing.ts';
export * from './jobs.ts';
export * from './documents.ts';
export * from './mail.ts';
