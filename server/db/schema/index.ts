export * from './reference-lists';
export * from './people';
export * from './commerce';
export * from './shipping';
export * from './idempotency';
export * from './crm';
export * from './email';
export * from './business';
