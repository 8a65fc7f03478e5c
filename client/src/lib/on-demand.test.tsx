import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand, onDemandDialog } from './on-demand';

function Greeting({ name }: { name: string }) {
  return <p>Hola {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
};

describe('onDemand', () => {
  it('renders nothing until its code arrives, then the component with its props', async () => {
    const chunk = deferred<typeof Greeting>();
    const load = vi.fn(() => chunk.promise);
    const OnDemandGreeting = onDemand(load);

    const { container } = render(<OnDemandGreeting name="Ana" />);
    expect(container).toBeEmptyDOMElement();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => chunk.resolve(Greeting));
    expect(screen.getByText('Hola Ana')).toBeInTheDocument();
  });

  it('loads once, and renders at once after a preload', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const OnDemandGreeting = onDemand(load);

    await OnDemandGreeting.preload();
    render(<OnDemandGreeting name="Luis" />);
    expect(screen.getByText('Hola Luis')).toBeInTheDocument();
    await OnDemandGreeting.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the error boundary, and tries again on the next mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('sin red'))
      .mockResolvedValueOnce(Greeting);
    const OnDemandGreeting = onDemand(load);

    const first = render(
      <Boundary>
        <OnDemandGreeting name="Eva" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('sin red');
    first.unmount();

    render(<OnDemandGreeting name="Eva" />);
    expect(await screen.findByText('Hola Eva')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

function Notice({ open, text }: { open: boolean; text: string }) {
  return <p>{open ? `abierto: ${text}` : `cerrado: ${text}`}</p>;
}

describe('onDemandDialog', () => {
  it('fetches nothing while never opened, loads on the first opening and stays mounted once closed', async () => {
    const load = vi.fn(() => Promise.resolve(Notice));
    const OnDemandNotice = onDemandDialog(load);

    const { container, rerender } = render(<OnDemandNotice open={false} text="plan" />);
    expect(container).toBeEmptyDOMElement();
    expect(load).not.toHaveBeenCalled();

    rerender(<OnDemandNotice open text="plan" />);
    expect(await screen.findByText('abierto: plan')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    rerender(<OnDemandNotice open={false} text="plan" />);
    expect(screen.getByText('cerrado: plan')).toBeInTheDocument();
  });
});
