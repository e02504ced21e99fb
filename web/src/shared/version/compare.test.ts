import { describe, expect, it } from 'vitest';
import { compareVersions, isUpdateAvailable } from './compare';

describe('compareVersions', () => {
  it('compares dotted parts as numbers, not text', () => {
    expect(compareVersions('2.94', '2.94')).toBe(0);
    expect(compareVersions('2.95', '2.94')).toBe(1);
    expect(compareVersions('2.100', '2.94')).toBe(1);
    expect(compareVersions('2.9', '2.10')).toBe(-1);
    expect(compareVersions('10.0', '9.99')).toBe(1);
  });

  it('pads missing parts with zeros', () => {
    expect(compareVersions('2.94.0', '2.94')).toBe(0);
    expect(compareVersions('2.94.1', '2.94')).toBe(1);
    expect(compareVersions('3', '2.94')).toBe(1);
  });

  it('tolerates spaces, a v prefix and suffixes', () => {
    expect(compareVersions(' 2.94\n', '2.94')).toBe(0);
    expect(compareVersions('v2.95', '2.94')).toBe(1);
    expect(compareVersions('2.95-beta', '2.95')).toBe(0);
  });
});

describe('isUpdateAvailable', () => {
  it('is true only when the server is ahead of the local build', () => {
    expect(isUpdateAvailable('2.95', '2.94')).toBe(true);
    expect(isUpdateAvailable('2.94', '2.94')).toBe(false);
    expect(isUpdateAvailable('2.93', '2.94')).toBe(false);
    expect(isUpdateAvailable(undefined, '2.94')).toBe(false);
    expect(isUpdateAvailable('', '2.94')).toBe(false);
  });

  it('knows the version this build carries', () => {
    expect(__APP_VERSION__).toMatch(/^\d+(\.\d+)*$/);
  });
});
