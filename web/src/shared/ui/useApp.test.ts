import { describe, expect, it } from 'vitest';
import type { MessageArgsProps } from 'antd';
import { replacingKeys } from './useApp';

/** Records what the screens' calls reach antd's message API with. */
function recorder() {
  const calls: string[] = [];
  const opened: MessageArgsProps[] = [];
  const api = {
    open: (a: MessageArgsProps) => {
      opened.push(a);
      calls.push(`open ${String(a.key ?? '-')}`);
      return Object.assign(() => {}, { then: () => Promise.resolve(true) }) as never;
    },
    destroy: (k?: React.Key) => void calls.push(`destroy ${String(k)}`),
  };
  return { calls, opened, message: replacingKeys(api as never) };
}

describe('replacingKeys', () => {
  it('opens a keyed toast under a fresh key and closes the last one of that key first', () => {
    const { calls, opened, message } = recorder();
    message.error({ content: 'El campo «Nombre» es obligatorio', key: 'member-form', duration: 3 });
    message.error({ content: 'El campo «Primer apellido» es obligatorio', key: 'member-form', duration: 3 });
    const [first, second] = opened.map((a) => String(a.key));
    expect(first).not.toBe('member-form');
    expect(second).not.toBe(first);
    expect(calls).toEqual([`open ${first}`, `destroy ${first}`, `open ${second}`]);
    expect(opened[1]).toMatchObject({ type: 'error', duration: 3, content: 'El campo «Primer apellido» es obligatorio' });
  });

  it('leaves toasts without a key alone, and takes the short form (text, duration)', () => {
    const { calls, opened, message } = recorder();
    message.success('Guardado', 2);
    expect(calls).toEqual(['open -']);
    expect(opened[0]).toMatchObject({ type: 'success', content: 'Guardado', duration: 2 });
  });

  it('closes by the key the screen gave', () => {
    const { calls, opened, message } = recorder();
    message.warning({ content: 'Selecciona un socio', key: 'member-access' });
    message.destroy('member-access');
    expect(calls[1]).toBe(`destroy ${String(opened[0].key)}`);
  });
});
