import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { showToast, TOAST_AUTO_CLOSE_MS, toastOptionsFor, type ToastType } from './toasts.ts';

afterEach(() => {
  act(() => notifications.clean());
});

describe('toasts', () => {
  it.each<ToastType>(['error', 'alert', 'information', 'success'])('%s toasts close after 5 s at the top right', (type) => {
    const options = toastOptionsFor(type, 'Saved');
    expect(options.autoClose).toBe(5000);
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(options.position).toBe('top-right');
    expect(options['data-toast-type']).toBe(type);
    expect(options.message).toBe('Saved');
  });

  it('gives each type its own colour', () => {
    const colours = (['error', 'alert', 'information', 'success'] as const).map((type) => toastOptionsFor(type, 'x').color);
    expect(new Set(colours).size).toBe(4);
  });

  it('closes when clicked', async () => {
    const user = userEvent.setup();
    renderAt(<div />);
    act(() => {
      showToast('success', 'Firm saved');
    });
    const message = await screen.findByText('Firm saved');
    await user.click(message);
    await waitFor(() => expect(screen.queryByText('Firm saved')).not.toBeInTheDocument(), { timeout: 2000 });
  });

  it('has a close button a screen reader names', async () => {
    const user = userEvent.setup();
    renderAt(<div />);
    act(() => {
      showToast('error', 'The invoice could not be sent');
    });
    await user.click(await screen.findByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('The invoice could not be sent')).not.toBeInTheDocument(), { timeout: 2000 });
  });
});
