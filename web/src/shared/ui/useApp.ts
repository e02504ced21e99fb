import { App, type MessageArgsProps as ArgsProps } from 'antd';
import { useMemo, type ReactNode } from 'react';

type MessageInstance = ReturnType<typeof App.useApp>['message'];
type NoticeType = NonNullable<ArgsProps['type']>;
type JointContent = ReactNode | ArgsProps;

/** The toast shown last for each key the screens give (the key it was opened under). */
const shown = new Map<string, string>();
let opened = 0;

/**
 * The message API with one change: a toast given a key replaces the last toast of that key by
 * closing it and opening a new one under a fresh key. antd updates a toast in place when its key is
 * still showing, but one opened under the key of a toast at the very end of its leaving animation
 * was never shown (seen as a validation message that did not come when Enter was pressed again
 * three seconds after the first).
 */
export function replacingKeys(message: MessageInstance): MessageInstance {
  const open = (args: ArgsProps) => {
    if (args.key === undefined || args.key === null) return message.open(args);
    const key = String(args.key);
    const last = shown.get(key);
    if (last) message.destroy(last);
    opened += 1;
    const fresh = `${key}#${opened}`;
    shown.set(key, fresh);
    return message.open({ ...args, key: fresh });
  };
  const typed =
    (type: NoticeType) =>
    (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction) => {
      const args: ArgsProps =
        content !== null && typeof content === 'object' && 'content' in content ? { ...(content as ArgsProps) } : { content: content as ReactNode };
      if (typeof duration === 'function') args.onClose = duration;
      else if (duration !== undefined) args.duration = duration;
      if (onClose) args.onClose = onClose;
      return open({ ...args, type });
    };
  return {
    open,
    destroy: (key) => {
      const fresh = key === undefined ? undefined : shown.get(String(key));
      message.destroy(fresh ?? key);
    },
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
    loading: typed('loading'),
  };
}

/** antd's App context (message, modal, notification) with `replacingKeys` toasts. */
export function useApp() {
  const app = App.useApp();
  const message = useMemo(() => replacingKeys(app.message), [app.message]);
  return { ...app, message };
}
