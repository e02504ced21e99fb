import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import es from './locales/es.json';
import '../i18n';
import { QrScannerModal } from './QrScanner';

function renderScanner(onResult = vi.fn(), onClose = vi.fn()) {
  render(
    <ConfigProvider>
      <App>
        <QrScannerModal open onClose={onClose} onResult={onResult} />
      </App>
    </ConfigProvider>,
  );
  return { onResult, onClose };
}

describe('QrScannerModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the browser has no camera API (spec §8) and still takes a typed code with Enter', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const { onResult } = renderScanner();
    expect(await screen.findByText(es.scan.problems.unsupported.title)).toBeInTheDocument();
    const input = screen.getByTestId('qr-manual-input');
    await userEvent.type(input, '  30015838X {Enter}');
    expect(onResult).toHaveBeenCalledWith('30015838X');
  });

  it('translates a refused permission', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia, enumerateDevices: vi.fn() }, configurable: true });
    renderScanner();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    expect(await screen.findByText(es.scan.problems.permission.title)).toBeInTheDocument();
    expect(screen.getByTestId('camera-problem')).toHaveAttribute('data-problem', 'permission');
  });
});
