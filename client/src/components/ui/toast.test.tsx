// @vitest-isolate: "throws outside ToastProvider" needs React's context objects of its own. In the
// shared module cache a render still running from an earlier file (React warns "multiple renderers
// concurrently rendering the same context provider") can leave a ToastProvider's value current, and
// the hook then finds a provider that is not there.
import { Component, type ReactNode } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastVariant } from './toast';

function Trigger({ message, variant }: { message: string; variant?: ToastVariant }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, variant)}>
      Guardar
    </button>
  );
}

function renderWithToasts(message: string, variant?: ToastVariant) {
  render(
    <ToastProvider>
      <Trigger message={message} variant={variant} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
}

/** Lets Radix render its announcement, which waits two animation frames. */
const nextFrames = () => act(() => vi.advanceTimersByTime(50));

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders nothing of the toasts before the first one', () => {
    render(
      <ToastProvider>
        <Trigger message="x" />
      </ToastProvider>,
    );
    expect(screen.queryByRole('region', { name: /Avisos/ })).not.toBeInTheDocument();
  });

  it('shows the message and announces it in a polite live region', () => {
    renderWithToasts('Reserva confirmada');
    nextFrames();

    const viewport = screen.getByRole('region', { name: /Avisos/ });
    expect(within(viewport).getByText('Reserva confirmada')).toBeVisible();
    const live = screen.getByRole('status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('Reserva confirmada');
  });

  it('announces errors assertively', () => {
    renderWithToasts('No se pudo guardar', 'error');
    nextFrames();

    const live = screen.getByRole('status');
    expect(live).toHaveAttribute('aria-live', 'assertive');
    expect(live).toHaveTextContent('No se pudo guardar');
  });

  it(`is gone after ${TOAST_DURATION_MS} ms`, () => {
    expect(TOAST_DURATION_MS).toBe(1500);
    renderWithToasts('Reserva confirmada');
    const viewport = screen.getByRole('region', { name: /Avisos/ });

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(within(viewport).getByText('Reserva confirmada')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Reserva confirmada')).not.toBeInTheDocument();
    expect(within(viewport).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('stacks several toasts and closes each on its own', () => {
    renderWithToasts('Primero');
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const viewport = screen.getByRole('region', { name: /Avisos/ });
    expect(within(viewport).getAllByText('Primero')).toHaveLength(2);

    act(() => vi.advanceTimersByTime(500));
    expect(within(viewport).getAllByText('Primero')).toHaveLength(1);
  });
});

/** Shows the error a child threw while rendering (how React reports it is React's and the runner's business). */
class ShowError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
  }
}

describe('useToast', () => {
  it('throws outside ToastProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ShowError>
        <Trigger message="x" />
      </ShowError>,
    );
    expect(screen.getByText('useToast must be used inside <ToastProvider>.')).toBeInTheDocument();
  });
});
