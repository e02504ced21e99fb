import './i18n';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { cameraEnvironment, cameraProblem, preflightProblem, type CameraProblem } from './cameraErrors';

export type CameraStatus = 'idle' | 'starting' | 'live' | 'error';

export interface CameraOptions {
  /** Which way the camera should look when the device has a choice (default: the back camera). */
  facingMode?: 'environment' | 'user';
  /** Ideal capture size; documents want more pixels than QR codes. */
  idealWidth?: number;
  idealHeight?: number;
}

export interface Camera {
  status: CameraStatus;
  problem: CameraProblem | null;
  stream: MediaStream | null;
  /** More than one camera: offer to switch. */
  canSwitch: boolean;
  switchCamera: () => void;
  retry: () => void;
}

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((t) => t.stop());
}

/**
 * Opens a camera into `videoRef` while `active`, and closes it (every track stopped) when it is not,
 * on unmount, or when switching cameras. Errors come back as the problems of spec §8.
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, active: boolean, options: CameraOptions = {}): Camera {
  const { facingMode = 'environment', idealWidth = 1280, idealHeight = 720 } = options;
  const [status, setStatus] = useState<CameraStatus>('idle');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<string[]>([]);
  const [deviceId, setDeviceId] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const current = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!active) {
      setStatus('idle');
      setProblem(null);
      return;
    }
    const env = cameraEnvironment();
    const pre = preflightProblem(env);
    if (pre) {
      setStatus('error');
      setProblem(pre);
      return;
    }
    let cancelled = false;
    setStatus('starting');
    setProblem(null);
    const video: MediaTrackConstraints = deviceId
      ? { deviceId: { exact: deviceId }, width: { ideal: idealWidth }, height: { ideal: idealHeight } }
      : { facingMode: { ideal: facingMode }, width: { ideal: idealWidth }, height: { ideal: idealHeight } };
    navigator.mediaDevices
      .getUserMedia({ video, audio: false })
      .then(async (s) => {
        if (cancelled) {
          stopStream(s);
          return;
        }
        current.current = s;
        setStream(s);
        const el = videoRef.current;
        if (el) {
          el.srcObject = s;
          el.muted = true;
          el.playsInline = true;
          await el.play().catch(() => {});
        }
        if (cancelled) return;
        setStatus('live');
        try {
          const all = await navigator.mediaDevices.enumerateDevices();
          if (!cancelled) setDevices(all.filter((d) => d.kind === 'videoinput').map((d) => d.deviceId).filter(Boolean));
        } catch {
          /* the list only serves the switch button */
        }
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setStatus('error');
        setProblem(cameraProblem(e, env));
      });
    return () => {
      cancelled = true;
      stopStream(current.current);
      current.current = null;
      setStream(null);
      const el = videoRef.current;
      if (el) el.srcObject = null;
    };
  }, [active, deviceId, attempt, facingMode, idealWidth, idealHeight, videoRef]);

  const switchCamera = useCallback(() => {
    if (devices.length < 2) return;
    const now = current.current?.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId;
    const i = now ? devices.indexOf(now) : -1;
    setDeviceId(devices[(i + 1) % devices.length]);
  }, [devices, deviceId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, problem, stream, canSwitch: devices.length > 1, switchCamera, retry };
}
