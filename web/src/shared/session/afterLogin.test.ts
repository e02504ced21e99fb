import { describe, expect, it } from 'vitest';
import { afterLogin, landingWithoutClubs, PROVIDER_PATH } from './afterLogin';

describe('afterLogin', () => {
  it('goes to the club\'s day, or to the deep link that led to the login', () => {
    expect(afterLogin(null)).toBe('/today');
    expect(afterLogin({ from: '/pos?x=1' })).toBe('/pos?x=1');
    expect(afterLogin({ from: '//evil.example' })).toBe('/today');
    expect(afterLogin({ from: '/' })).toBe('/today');
  });
});

describe('landingWithoutClubs', () => {
  it('sends a provider administrator who staffs no club to the provider\'s console', () => {
    expect(landingWithoutClubs({ provider_admin: true })).toBe(PROVIDER_PATH);
    expect(PROVIDER_PATH).toBe('/provider');
  });

  it('leaves anyone else on the root, which says they staff no club yet', () => {
    expect(landingWithoutClubs({ provider_admin: false })).toBeNull();
    expect(landingWithoutClubs({})).toBeNull();
    expect(landingWithoutClubs(undefined)).toBeNull();
  });
});
