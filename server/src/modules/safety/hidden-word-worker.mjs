// The hidden-word worker's entry: the server is TypeScript run through tsx, and a worker thread
// starts without its loader, so this registers it and then loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./hidden-word-worker.ts');
