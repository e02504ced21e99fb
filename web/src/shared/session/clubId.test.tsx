import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ClubIdProvider, useClubId } from './clubId';

function inClub(id: number | null) {
  return ({ children }: { children: ReactNode }) => <ClubIdProvider id={id}>{children}</ClubIdProvider>;
}

describe('useClubId', () => {
  it('returns the id of the club of the route', () => {
    const { result } = renderHook(() => useClubId(), { wrapper: inClub(42) });
    expect(result.current).toBe(42);
  });

  it('follows the route to another club', () => {
    let id = 1;
    const { result, rerender } = renderHook(() => useClubId(), {
      wrapper: ({ children }: { children: ReactNode }) => <ClubIdProvider id={id}>{children}</ClubIdProvider>,
    });
    expect(result.current).toBe(1);
    id = 7;
    rerender();
    expect(result.current).toBe(7);
  });

  it('throws outside a club route', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => renderHook(() => useClubId())).toThrow(/no club is selected/);
      expect(() => renderHook(() => useClubId(), { wrapper: inClub(null) })).toThrow(/no club is selected/);
    } finally {
      quiet.mockRestore();
    }
  });
});
