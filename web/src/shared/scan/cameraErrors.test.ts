import { describe, expect, it } from 'vitest';
import { cameraProblem, preflightProblem } from './cameraErrors';

const ok = { secure: true, hasStreamApi: true };
const named = (name: string) => Object.assign(new Error(name), { name });

describe('camera problems (spec §8)', () => {
  it('refuses before asking on an insecure page or without the stream API', () => {
    expect(preflightProblem({ secure: false, hasStreamApi: false })).toBe('insecure');
    expect(preflightProblem({ secure: true, hasStreamApi: false })).toBe('unsupported');
    expect(preflightProblem(ok)).toBeNull();
  });

  it('maps the browser errors', () => {
    expect(cameraProblem(named('NotAllowedError'), ok)).toBe('permission');
    expect(cameraProblem(named('PermissionDeniedError'), ok)).toBe('permission');
    expect(cameraProblem(named('NotFoundError'), ok)).toBe('noCamera');
    expect(cameraProblem(named('DevicesNotFoundError'), ok)).toBe('noCamera');
    expect(cameraProblem(named('NotReadableError'), ok)).toBe('inUse');
    expect(cameraProblem(named('TrackStartError'), ok)).toBe('inUse');
    expect(cameraProblem(named('OverconstrainedError'), ok)).toBe('unsuitable');
    expect(cameraProblem(new TypeError('x'), ok)).toBe('unsupported');
    expect(cameraProblem(named('Weird'), ok)).toBe('unknown');
    expect(cameraProblem('nonsense')).toBe('unknown');
  });

  it('puts the insecure page first whatever the error says', () => {
    expect(cameraProblem(named('NotAllowedError'), { secure: false, hasStreamApi: true })).toBe('insecure');
  });
});
