/**
 * The camera errors of spec §8, from what the browser says when a camera is asked for.
 * Pure: the environment is passed in, so the rules can be tested without a browser.
 */
export type CameraProblem =
  | 'permission' // the person or the browser settings refused the camera
  | 'noCamera' // no video input at all
  | 'insecure' // not HTTPS (nor localhost): browsers hide the camera API
  | 'inUse' // another program or tab holds the camera
  | 'unsuitable' // the cameras there are do not meet the constraints
  | 'unsupported' // no getUserMedia (old browser, some in-app web views)
  | 'unknown';

export const CAMERA_PROBLEMS: readonly CameraProblem[] = [
  'permission',
  'noCamera',
  'insecure',
  'inUse',
  'unsuitable',
  'unsupported',
  'unknown',
];

export interface CameraEnvironment {
  /** window.isSecureContext */
  secure: boolean;
  /** typeof navigator.mediaDevices?.getUserMedia === 'function' */
  hasStreamApi: boolean;
}

export function cameraEnvironment(): CameraEnvironment {
  const secure = typeof window !== 'undefined' ? window.isSecureContext !== false : true;
  const md = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  return { secure, hasStreamApi: typeof md?.getUserMedia === 'function' };
}

/** The problem that stops the camera before even asking for it, or null when it may be asked for. */
export function preflightProblem(env: CameraEnvironment): CameraProblem | null {
  if (!env.secure) return 'insecure';
  if (!env.hasStreamApi) return 'unsupported';
  return null;
}

/** Maps a getUserMedia rejection (DOMException names, old Chrome names too) to a problem. */
export function cameraProblem(error: unknown, env?: CameraEnvironment): CameraProblem {
  if (env) {
    const pre = preflightProblem(env);
    if (pre) return pre;
  }
  const name = errorName(error);
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'unsuitable';
    case 'TypeError':
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}

function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof (error as { name: unknown }).name === 'string') {
    return (error as { name: string }).name;
  }
  return '';
}
