// `npm start`: runs services/cli.ts (TypeScript) in this process through tsx's loader, so Ctrl-C reaches the
// stack directly and it shuts every child process down before exiting.
import { register } from 'tsx/esm/api';

register();
await import('../services/cli.ts');
