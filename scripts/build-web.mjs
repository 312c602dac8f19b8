// Builds the web app if its sources changed since the last build.
import { ensureWebBuild } from './lib.mjs';

ensureWebBuild();
