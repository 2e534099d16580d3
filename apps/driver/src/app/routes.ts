import type { FeatureRoute } from '../lib/routing.ts';
import { shellRoutes } from './shell-routes.ts';

/** Every registered page: the shell's and each feature's (one import and one spread per feature). */
export const appRoutes: readonly FeatureRoute[] = [...shellRoutes];
