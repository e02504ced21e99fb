import { describe, expect, it } from 'vitest';
import { expiryOf, verdictOf } from './memberStatus';

const NOW = 1_800_000_000;

describe('membership expiry and verdict', () => {
  it('is expired before now, valid from now on, none without a date', () => {
    expect(expiryOf(NOW - 1, NOW)).toBe('expired');
    expect(expiryOf(NOW, NOW)).toBe('valid');
    expect(expiryOf(NOW + 86400, NOW)).toBe('valid');
    expect(expiryOf(0, NOW)).toBe('none');
  });

  it('puts inactive before expired', () => {
    expect(verdictOf({ status_member: 0, end_date: NOW - 10 }, NOW)).toBe('inactive');
    expect(verdictOf({ status_member: 1, end_date: NOW - 10 }, NOW)).toBe('expired');
    expect(verdictOf({ status_member: 1, end_date: 0 }, NOW)).toBe('ok');
  });
});
