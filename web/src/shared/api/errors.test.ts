import { describe, expect, it } from 'vitest';
import { ApiError, classifyError, errorText } from './errors';
import { shouldReportCentrally } from './query';

describe('classifyError', () => {
  it('maps the spec §8 cases', () => {
    expect(classifyError(new ApiError(403, 'Access denied for user anonymous', 'auth.anonymous'))).toBe('sessionExpired');
    expect(classifyError(new ApiError(403, ': Access denied for user anonymous'))).toBe('sessionExpired');
    expect(classifyError(new ApiError(403, 'Access denied for user maria', 'access.denied'))).toBe('forbidden');
    expect(classifyError(new ApiError(400, 'Este usuario no dispone de ficha de socio en este club', 'club.no_member_record'))).toBe(
      'noMemberRecord',
    );
    expect(classifyError(new ApiError(500, 'boom'))).toBe('generic');
    expect(classifyError(new TypeError('Failed to fetch'))).toBe('network');
  });
});

describe('ApiError.from', () => {
  it('reads the contract shape, huma-like details, plain text and arrays', () => {
    expect(ApiError.from(400, { message: 'm', code: 'c' })).toMatchObject({ status: 400, serverMessage: 'm', code: 'c' });
    expect(ApiError.from(422, { title: 'Unprocessable', detail: 'bad field' }).serverMessage).toBe('bad field');
    expect(ApiError.from(401, 'Unauthorized\n').serverMessage).toBe('Unauthorized');
    expect(ApiError.from(406, ['Already logged in as ana']).serverMessage).toBe('Already logged in as ana');
  });
});

describe('errorText', () => {
  const dict: Record<string, string> = { 'errors.auth.bad_credentials': 'Usuario o contraseña incorrectos' };
  const t = ((k: string) => dict[k] ?? k) as Parameters<typeof errorText>[1];
  const exists = (k: string) => k in dict;

  it('translates a known code and falls back to the server message', () => {
    expect(errorText(new ApiError(401, 'Wrong', 'auth.bad_credentials'), t, exists)).toBe('Usuario o contraseña incorrectos');
    expect(errorText(new ApiError(400, 'Mensaje del servidor', 'x.unknown'), t, exists)).toBe('Mensaje del servidor');
  });
});

describe('shouldReportCentrally', () => {
  it('leaves 4xx to screens that handle them but never a session or permission error', () => {
    const meta = { localErrors: true };
    expect(shouldReportCentrally(new ApiError(401, 'x'), meta)).toBe(false);
    expect(shouldReportCentrally(new ApiError(400, 'x'), meta)).toBe(false);
    expect(shouldReportCentrally(new ApiError(403, 'Access denied for user anonymous'), meta)).toBe(true);
    expect(shouldReportCentrally(new ApiError(500, 'x'), meta)).toBe(true);
    expect(shouldReportCentrally(new ApiError(400, 'x'), undefined)).toBe(true);
    expect(shouldReportCentrally(new ApiError(500, 'x'), { silent: true })).toBe(false);
  });
});
