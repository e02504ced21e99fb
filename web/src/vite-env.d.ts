/// <reference types="vite/client" />

/** Product version, read at build time from internal/version/VERSION. */
declare const __APP_VERSION__: string;
