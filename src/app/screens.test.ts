import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../domain/app-routes';
import { SCREENS } from './screens';

describe('the screens table', () => {
  it('has a screen for every route marked built, and none for a route that is not', () => {
    const built = APP_ROUTES.filter((r) => r.implemented)
      .map((r) => r.path)
      .sort();
    expect(Object.keys(SCREENS).sort()).toEqual(built);
  });
});
