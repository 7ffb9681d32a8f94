/**
 * Scroll behaviour per navigation (spec section 2), as the router's `scrollRestoration` filter:
 * true lets the router restore a saved position (back/forward), scroll to the hash target, or go to the
 * top; false leaves the page where it is, which is what happens when only the hash changed on the same
 * page and there is no new target.
 */
export function createScrollFilter() {
  let last: string | undefined;
  return ({ location }: { location: { pathname: string; searchStr: string; hash: string } }): boolean => {
    const key = `${location.pathname}${location.searchStr}`;
    const samePage = key === last;
    last = key;
    return !(samePage && !location.hash);
  };
}
