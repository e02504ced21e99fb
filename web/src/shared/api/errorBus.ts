/**
 * The one place API errors go when the screen that caused them does not handle them itself.
 * The app shell registers the handler (dialogs of spec §8); the query client reports to it.
 */
type Handler = (error: unknown) => void;

let handler: Handler | null = null;

export function setApiErrorHandler(h: Handler): () => void {
  handler = h;
  return () => {
    if (handler === h) handler = null;
  };
}

export function reportApiError(error: unknown): void {
  if (handler) handler(error);
  else console.error(error);
}
