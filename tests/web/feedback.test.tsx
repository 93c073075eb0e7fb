// Seed sections 1 and 9: toasts and the confirmation dialog.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToast, TOAST_SEVERITIES, type ToastMessage } from '../../src/web/components/toast/ToastProvider';
import { useConfirm, type ConfirmOptions } from '../../src/web/components/confirm/ConfirmProvider';
import { DIALOG_TRANSITION_MS } from '../../src/web/components/dialog-timing';
import { lightTheme } from '../../src/web/theme';
import { renderInAdmin } from './harness';

function ToastButton({ message, label = 'Show' }: { message: ToastMessage; label?: string }) {
  const toast = useToast();
  return <button onClick={() => toast.add(message)}>{label}</button>;
}

describe('toasts', () => {
  it('offer the six severities', async () => {
    const user = userEvent.setup();
    expect([...TOAST_SEVERITIES]).toEqual(['info', 'success', 'warn', 'error', 'secondary', 'contrast']);
    renderInAdmin(
      <>
        {TOAST_SEVERITIES.map((severity) => (
          <ToastButton key={severity} label={severity} message={{ severity, summary: `A ${severity} toast` }} />
        ))}
      </>,
    );
    for (const severity of TOAST_SEVERITIES) await user.click(screen.getByRole('button', { name: severity }));
    const stack = screen.getByTestId('toasts');
    for (const severity of TOAST_SEVERITIES) {
      const toast = screen.getByText(`A ${severity} toast`).closest('[data-severity]');
      expect(toast).toHaveAttribute('data-severity', severity);
      expect(stack).toContainElement(toast as HTMLElement);
    }
    // Errors and warnings are announced as alerts, the rest as status messages.
    expect(screen.getByText('A error toast').closest('[role]')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('A warn toast').closest('[role]')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('A success toast').closest('[role]')).toHaveAttribute('role', 'status');
  });

  it('sit at the top right by default', () => {
    renderInAdmin(<ToastButton message={{ summary: 'Hello' }} />);
    const stack = screen.getByTestId('toasts');
    expect(stack).toHaveAttribute('data-position', 'top-right');
    expect(stack).toHaveStyle({ position: 'fixed', top: '64px', right: '16px' });
  });

  it('can sit elsewhere', () => {
    renderInAdmin(<ToastButton message={{ summary: 'Hello' }} />, { position: 'bottom-left' });
    expect(screen.getByTestId('toasts')).toHaveStyle({ bottom: '16px', left: '16px' });
  });

  it('close themselves after their life time', async () => {
    vi.useFakeTimers();
    renderInAdmin(
      <>
        <ToastButton label="short" message={{ summary: 'Saved', life: 3000 }} />
        <ToastButton label="sticky" message={{ summary: 'Stays' }} />
      </>,
    );
    act(() => screen.getByRole('button', { name: 'short' }).click());
    act(() => screen.getByRole('button', { name: 'sticky' }).click());
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Stays')).toBeInTheDocument();
  });

  it('are closable', async () => {
    const user = userEvent.setup();
    renderInAdmin(
      <>
        <ToastButton label="closable" message={{ summary: 'You can close me', detail: 'Details here' }} />
        <ToastButton label="fixed" message={{ summary: 'No close button', closable: false }} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'closable' }));
    await user.click(screen.getByRole('button', { name: 'fixed' }));
    expect(screen.getByText('Details here')).toBeInTheDocument();
    const closable = screen.getByText('You can close me').closest('[data-severity]') as HTMLElement;
    const fixed = screen.getByText('No close button').closest('[data-severity]') as HTMLElement;
    expect(fixed.querySelector('button')).toBeNull();
    await user.click(closable.querySelector('button[aria-label="Close"]')!);
    await waitFor(() => expect(screen.queryByText('You can close me')).not.toBeInTheDocument());
    expect(screen.getByText('No close button')).toBeInTheDocument();
  });
});

function ConfirmButton({ options, onResult }: { options: ConfirmOptions; onResult: (accepted: boolean) => void }) {
  const confirm = useConfirm();
  return <button onClick={async () => onResult(await confirm(options))}>Delete</button>;
}

describe('the confirmation dialog', () => {
  it('resolves true and calls accept when accepted', async () => {
    const user = userEvent.setup();
    const accept = vi.fn();
    const reject = vi.fn();
    const onResult = vi.fn();
    renderInAdmin(<ConfirmButton options={{ message: 'Delete this charge?', accept, reject }} onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Delete this charge?');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(accept).toHaveBeenCalledTimes(1);
    expect(reject).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false and calls reject when rejected', async () => {
    const user = userEvent.setup();
    const accept = vi.fn();
    const reject = vi.fn();
    const onResult = vi.fn();
    renderInAdmin(
      <ConfirmButton
        options={{ title: 'Void invoice', message: 'This cannot be undone.', acceptLabel: 'Void', rejectLabel: 'Keep', severity: 'danger', accept, reject }}
        onResult={onResult}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Void invoice' });
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
    expect(reject).toHaveBeenCalledTimes(1);
    expect(accept).not.toHaveBeenCalled();
  });

  it('counts Escape as a rejection', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    renderInAdmin(<ConfirmButton options={{ message: 'Sure?' }} onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
  });

  it('animates in 150 ms, like every dialog of the theme', async () => {
    const user = userEvent.setup();
    expect(DIALOG_TRANSITION_MS).toBe(150);
    expect(lightTheme.components?.MuiDialog?.defaultProps?.transitionDuration).toBe(150);
    renderInAdmin(<ConfirmButton options={{ message: 'Sure?' }} onResult={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    const animated = dialog.closest('.MuiDialog-container') as HTMLElement;
    expect(animated.style.transition).toContain('150ms');
  });
});
