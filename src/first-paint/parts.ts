/** The chunks a first paint shows: the shell's own and its screen's. Loaded before hydration, and preloaded with the page. */
import type { Preloadable } from '../portal/preloadable';
import { SHELL_PARTS, SKELETON_PART } from '../shell/portal-shell';
import { SCREEN_COMPONENTS } from '../views/screens';
import type { FirstPaintPlan } from './routes';

export function firstPaintParts(plan: FirstPaintPlan): Preloadable<never>[] {
  const component = SCREEN_COMPONENTS[plan.screen];
  return [...SHELL_PARTS, ...(plan.skeleton ? [SKELETON_PART] : []), ...('preload' in component ? [component] : [])];
}
