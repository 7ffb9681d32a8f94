import { SCREENS, type ScreenId } from '../../../contract/paths';

/** The breadcrumb trail of a screen: home, its parents (from the paths table), the screen itself. */
export function trailOf(screen: ScreenId): ScreenId[] {
  const trail: ScreenId[] = [];
  for (let s: ScreenId | undefined = screen; s && s !== 'home'; s = SCREENS[s].parent) {
    if (trail.includes(s)) throw new Error(`Breadcrumb cycle at ${s}`);
    trail.unshift(s);
  }
  return ['home', ...trail];
}
