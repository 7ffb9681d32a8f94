import { describe, expect, it } from '@jest/globals';
import { SCREEN_IDS } from '../../../contract/paths';
import { trailOf } from './breadcrumb';

describe('breadcrumb trails', () => {
  it('start at home and end at the screen', () => {
    expect(trailOf('home')).toEqual(['home']);
    expect(trailOf('cart')).toEqual(['home', 'cart']);
    expect(trailOf('recipe')).toEqual(['home', 'recipes', 'recipe']);
    expect(trailOf('profile_orders')).toEqual(['home', 'profile', 'profile_orders']);
    expect(trailOf('profile_order')).toEqual(['home', 'profile', 'profile_orders', 'profile_order']);
    expect(trailOf('checkout')).toEqual(['home', 'cart', 'checkout']);
  });

  it('exist for every screen (no cycles)', () => {
    for (const screen of SCREEN_IDS) {
      const trail = trailOf(screen);
      expect(trail[0]).toBe('home');
      expect(trail[trail.length - 1]).toBe(screen);
    }
  });
});
