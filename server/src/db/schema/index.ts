export * from './auth';
export * from './app';
export * from './profiles';
export * from './matching';
export * from './safety';
export * from './trust';
export * from './account';
export * from './prints';
