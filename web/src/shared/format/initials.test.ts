import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of each name, two at most, in capitals', () => {
    expect(initials('núria', 'Fernández')).toBe('NF');
    expect(initials('', null)).toBe('?');
  });
});
