export { QrScannerModal, type QrScannerModalProps } from './QrScanner';
export { CameraProblemView } from './CameraProblemView';
export { useCamera, type Camera, type CameraOptions, type CameraStatus } from './useCamera';
export { cameraProblem, preflightProblem, CAMERA_PROBLEMS, type CameraProblem } from './cameraErrors';
