/// <reference types="vite/client" />

/** Product version, read at build time from internal/version/VERSION. */
declare const __APP_VERSION__: string;

/** GrapesJS's dictionaries (plain objects, shipped without types). */
declare module 'grapesjs/locale/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
